import { sql } from 'kysely';
import type { TRefKind } from '../../../core/audit/audit-fields.ts';
import { recordHref, type NameLookup, type Named } from '../../../core/audit/audit-words.ts';
import { formatBillNumber, formatCreditNoteNumber, formatPaymentNumber } from '../../../core/billing/billing.ts';
import type { DbOrTx } from '../../db/connection.ts';

type Found = { id: string; label: string; projectId?: string | null; billId?: string | null };
type Finder = (db: DbOrTx, ids: string[]) => Promise<Found[]>;

const joinNames = (...parts: Array<string | null>) => parts.filter(Boolean).join(' ');

// One query per kind of record, for a whole page of audit rows (never one per row).
const FINDERS: Record<TRefKind, Finder> = {
  user: (db, ids) => db.selectFrom('users').leftJoin('profiles', 'profiles.id', 'users.id').where('users.id', 'in', ids)
    .select(['users.id', sql<string>`coalesce(profiles.display_name, users.email)`.as('label')]).execute(),
  client: (db, ids) => db.selectFrom('clients').where('id', 'in', ids).select(['id', 'name as label']).execute(),
  case: async (db, ids) => (await db.selectFrom('cases').where('id', 'in', ids).select(['id', 'file_number', 'case_name']).execute())
    .map((r) => ({ id: r.id, label: joinNames(r.file_number, r.case_name) })),
  project: async (db, ids) => (await db.selectFrom('projects').where('id', 'in', ids).select(['id', 'project_number', 'project_name']).execute())
    .map((r) => ({ id: r.id, label: joinNames(r.project_number, r.project_name) })),
  action_item: async (db, ids) => (await db.selectFrom('action_items').where('id', 'in', ids).select(['id', 'title', 'project_id']).execute())
    .map((r) => ({ id: r.id, label: `"${r.title}"`, projectId: r.project_id })),
  bill: async (db, ids) => (await db.selectFrom('bills').where('id', 'in', ids).select(['id', 'number']).execute())
    .map((r) => ({ id: r.id, label: `Bill-${formatBillNumber(r.number)}` })),
  payment: async (db, ids) => (await db.selectFrom('payments').where('id', 'in', ids).select(['id', 'number', 'bill_id']).execute())
    .map((r) => ({ id: r.id, label: formatPaymentNumber(r.number), billId: r.bill_id })),
  credit_note: async (db, ids) => (await db.selectFrom('credit_notes').where('id', 'in', ids).select(['id', 'number', 'bill_id']).execute())
    .map((r) => ({ id: r.id, label: formatCreditNoteNumber(r.number), billId: r.bill_id })),
  field_report: (db, ids) => db.selectFrom('field_reports').where('id', 'in', ids).select(['id', 'report_number as label']).execute(),
  time_entry: (db, ids) => db.selectFrom('time_entries').where('id', 'in', ids)
    .select(['id', sql<string>`'time entry'`.as('label'), 'project_id as projectId']).execute(),
  expense_entry: (db, ids) => db.selectFrom('expense_entries').where('id', 'in', ids)
    .select(['id', sql<string>`'expense'`.as('label'), 'project_id as projectId']).execute(),
  rate_code: (db, ids) => db.selectFrom('rate_codes').where('id', 'in', ids).select(['id', 'name as label']).execute(),
  attorney: (db, ids) => db.selectFrom('attorneys').where('id', 'in', ids).select(['id', 'name as label']).execute(),
};

/** The names of every record a page of audit rows refers to, and where each opens for this reader. */
export async function lookUpNames(db: DbOrTx, refs: Array<{ kind: TRefKind; id: string }>, viewer: { isSuperAdmin: boolean }): Promise<NameLookup> {
  const wanted = new Map<TRefKind, Set<string>>();
  for (const { kind, id } of refs) {
    let ids = wanted.get(kind);
    if (!ids) wanted.set(kind, (ids = new Set()));
    ids.add(id);
  }
  const found = new Map<string, Named>();
  await Promise.all([...wanted].map(async ([kind, ids]) => {
    for (const r of await FINDERS[kind](db, [...ids])) {
      found.set(`${kind}:${r.id}`, { label: r.label, href: recordHref(kind, { ...r, name: r.label }, viewer) });
    }
  }));
  return (kind, id) => found.get(`${kind}:${id}`);
}
