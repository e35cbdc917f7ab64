import { sql } from 'kysely';
import type { TAuditPage } from '../../../core/api/audit.ts';
import { changedFields } from '../../../core/audit.ts';
import type { DbOrTx } from '../../db/connection.ts';

export interface AuditFilter {
  actorId?: string;
  table?: string;
  rowId?: string;
  /** YYYY-MM-DD, whole days in the firm's time zone (the connection's TimeZone). */
  from?: string;
  to?: string;
  before?: number;
  limit: number;
}

/** A page of the audit log, newest first, with each row reduced to the fields it changed. */
export async function browseAudit(db: DbOrTx, filter: AuditFilter, viewer: { isSuperAdmin: boolean }): Promise<TAuditPage> {
  let query = db.selectFrom('audit_log')
    .leftJoin('profiles', 'profiles.id', 'audit_log.actor_id')
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .select(['audit_log.id', 'audit_log.at', 'audit_log.actor_id', 'audit_log.table_name', 'audit_log.row_id', 'audit_log.action',
      'audit_log.before', 'audit_log.after', sql<string | null>`coalesce(profiles.display_name, users.email)`.as('actor_name')])
    .orderBy('audit_log.id', 'desc')
    .limit(filter.limit + 1);
  if (filter.actorId) query = query.where('audit_log.actor_id', '=', filter.actorId);
  if (filter.table) query = query.where('audit_log.table_name', '=', filter.table);
  if (filter.rowId) query = query.where('audit_log.row_id', '=', filter.rowId);
  if (filter.from) query = query.where('audit_log.at', '>=', sql<Date>`${filter.from}::date::timestamptz`);
  if (filter.to) query = query.where('audit_log.at', '<', sql<Date>`(${filter.to}::date + 1)::timestamptz`);
  if (filter.before) query = query.where('audit_log.id', '<', String(filter.before));
  const rows = await query.execute();
  const page = rows.slice(0, filter.limit);
  return {
    entries: page.map((r) => ({
      id: Number(r.id),
      at: r.at.toISOString(),
      actorId: r.actor_id,
      actorName: r.actor_name,
      table: r.table_name,
      rowId: r.row_id,
      action: r.action,
      changes: changedFields(r.table_name, r.before, r.after, { showMoney: viewer.isSuperAdmin }),
    })),
    nextBefore: rows.length > filter.limit ? Number(page[page.length - 1]!.id) : null,
  };
}

/** Everyone who appears as an actor, for the "by user" filter (deleted accounts included by id). */
export async function auditActors(db: DbOrTx) {
  const rows = await db.selectFrom('users').leftJoin('profiles', 'profiles.id', 'users.id')
    .select(['users.id', sql<string>`coalesce(profiles.display_name, users.email)`.as('name')])
    .orderBy('name').execute();
  return { actors: rows };
}
