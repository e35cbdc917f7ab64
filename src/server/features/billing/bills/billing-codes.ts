import { sql } from 'kysely';
import type { TBillingCode } from '../../../../core/api/accounting.ts';
import { hasNoCodes, normalizeCode } from '../../../../core/billing/billing-codes.ts';
import { CUSTOM_EXPENSE_TYPE, EXPENSE_TYPES } from '../../../../core/constants.ts';
import { withActor, type DbOrTx } from '../../../db/connection.ts';

// UTBMS codes per job title and expense type (issue 24): every title and type the firm uses is
// listed, with its codes or empty ones, so the screen shows what can be coded.

type Kind = TBillingCode['kind'];
const key = (kind: Kind, name: string) => `${kind}\u0000${name}`;

/** Every job title (of any rate code) and expense type (the standard list and those used), with their codes. */
export async function listBillingCodes(db: DbOrTx): Promise<TBillingCode[]> {
  const [titles, used, rows] = await Promise.all([
    db.selectFrom('rate_code_items').select('job_type').distinct().execute(),
    db.selectFrom('expense_entries').select('expense_type').distinct().execute(),
    db.selectFrom('billing_codes').selectAll().execute(),
  ]);
  const byKey = new Map<string, TBillingCode>();
  const add = (kind: Kind, name: string) => {
    if (name.trim() !== '' && !byKey.has(key(kind, name))) byKey.set(key(kind, name), { kind, name, taskCode: '', activityCode: '', expenseCode: '' });
  };
  for (const t of titles) add('job_title', t.job_type);
  for (const type of EXPENSE_TYPES) if (type !== CUSTOM_EXPENSE_TYPE) add('expense_type', type);
  for (const u of used) add('expense_type', u.expense_type);
  // A title or type no longer in use keeps its codes on the list (old bills may still be exported).
  for (const r of rows) {
    byKey.set(key(r.kind, r.name), { kind: r.kind, name: r.name, taskCode: r.task_code, activityCode: r.activity_code, expenseCode: r.expense_code });
  }
  return [...byKey.values()].sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
}

/** Saves the rows given (others stay as they are); a row with no code is removed. */
export async function saveBillingCodes(db: DbOrTx, options: { actorId: string; codes: readonly TBillingCode[] }): Promise<TBillingCode[]> {
  const codes = options.codes.map((c) => ({
    ...c, taskCode: normalizeCode(c.taskCode), activityCode: normalizeCode(c.activityCode), expenseCode: normalizeCode(c.expenseCode),
  }));
  return withActor(db, options.actorId, async (tx) => {
    const empty = codes.filter(hasNoCodes);
    const kept = [...new Map(codes.filter((c) => !hasNoCodes(c)).map((c) => [key(c.kind, c.name), c])).values()];
    if (empty.length > 0) {
      await tx.deleteFrom('billing_codes')
        .where((eb) => eb.or(empty.map((c) => eb.and([eb('kind', '=', c.kind), eb('name', '=', c.name)])))).execute();
    }
    if (kept.length > 0) {
      await tx.insertInto('billing_codes')
        .values(kept.map((c) => ({ kind: c.kind, name: c.name, task_code: c.taskCode, activity_code: c.activityCode, expense_code: c.expenseCode })))
        .onConflict((oc) => oc.columns(['kind', 'name']).doUpdateSet((eb) => ({
          task_code: eb.ref('excluded.task_code'), activity_code: eb.ref('excluded.activity_code'),
          expense_code: eb.ref('excluded.expense_code'), updated_at: sql`now()`,
        }))).execute();
    }
    return listBillingCodes(tx);
  });
}
