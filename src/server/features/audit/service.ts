import { sql, type RawBuilder } from 'kysely';
import type { TAuditPage } from '../../../core/api/audit.ts';
import { MONEY_COLUMNS, changedFields } from '../../../core/audit/audit.ts';
import { AUDITED_TABLES } from '../../../core/audit/audit-fields.ts';
import { INTERNAL_COLUMNS } from '../../../core/audit/audit-fields.ts';
import { auditRefs, auditWords, type AuditRowIn } from '../../../core/audit/audit-words.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { lookUpNames } from './names.ts';

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

export interface AuditViewer {
  isSuperAdmin: boolean;
  /** The firm's time zone (TZ): moments in a sentence read in it. */
  timeZone: string;
}

/** The keys an update's before and after are compared without: internal columns, and money below super admin. */
function hiddenKeys(showMoney: boolean): RawBuilder<string[]> {
  const keysOf = (table: string) => {
    const keys = [...INTERNAL_COLUMNS.all, ...((INTERNAL_COLUMNS as Record<string, readonly string[]>)[table] ?? []),
      ...(showMoney ? [] : (MONEY_COLUMNS as Record<string, readonly string[]>)[table] ?? [])];
    return sql<string[]>`array[${sql.join(keys.map((k) => sql.lit(k)))}]::text[]`;
  };
  const whens = AUDITED_TABLES.map((t) => sql`when ${sql.lit(t)} then ${keysOf(t)}`);
  return sql<string[]>`(case audit_log.table_name ${sql.join(whens, sql` `)} else ${keysOf('')} end)`;
}

/**
 * A page of the audit log, newest first, each row in words: the fields it changed (internal columns
 * left out; money only for a super admin), and a sentence naming the records it refers to. An update
 * that changed nothing a reader may see (a calendar sync's bookkeeping, money below super admin) is
 * not listed at all.
 */
export async function browseAudit(db: DbOrTx, filter: AuditFilter, viewer: AuditViewer): Promise<TAuditPage> {
  const hidden = hiddenKeys(viewer.isSuperAdmin);
  let query = db.selectFrom('audit_log')
    .leftJoin('profiles', 'profiles.id', 'audit_log.actor_id')
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .select(['audit_log.id', 'audit_log.at', 'audit_log.actor_id', 'audit_log.table_name', 'audit_log.row_id', 'audit_log.action',
      'audit_log.before', 'audit_log.after', sql<string | null>`coalesce(profiles.display_name, users.email)`.as('actor_name')])
    .where(sql<boolean>`(audit_log.action <> 'update' or (audit_log.before - ${hidden}) is distinct from (audit_log.after - ${hidden}))`)
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
  const inputs: Array<AuditRowIn & { id: number; at: Date }> = page.map((r) => ({
    id: Number(r.id), at: r.at, table: r.table_name, rowId: r.row_id, action: r.action, actorId: r.actor_id, actorName: r.actor_name,
    before: r.before, after: r.after, changes: changedFields(r.table_name, r.before, r.after, { showMoney: viewer.isSuperAdmin }),
  }));
  const names = await lookUpNames(db, inputs.flatMap(auditRefs), viewer);
  return {
    entries: inputs.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actorId: r.actorId,
      actorName: r.actorName,
      table: r.table,
      rowId: r.rowId,
      action: r.action,
      changes: r.changes,
      ...auditWords(r, names, viewer.timeZone),
    })),
    nextBefore: rows.length > filter.limit ? Number(page[page.length - 1]!.id) : null,
  };
}

/** Everyone who appears as an actor, for the "by person" filter. */
export async function auditActors(db: DbOrTx) {
  const rows = await db.selectFrom('users').leftJoin('profiles', 'profiles.id', 'users.id')
    .select(['users.id', sql<string>`coalesce(profiles.display_name, users.email)`.as('name')])
    .orderBy('name').execute();
  return { actors: rows };
}
