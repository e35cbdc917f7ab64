import type { TCustomRates, TCustomRatesUpdate } from '../../../core/api/clients.ts';
import { customRateKey } from '../../../core/rates.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';

const money = (v: number | string) => Number(v).toFixed(2);

/**
 * The case's custom rates (SPEC §3 Case rate assignment) next to its rate code's job types.
 * Rates are money: the routes let only super_admin reach this.
 */
export async function getCustomRates(db: DbOrTx, caseId: string): Promise<TCustomRates> {
  const found = await db.selectFrom('cases').select(['id', 'rate_code_id']).where('id', '=', caseId).executeTakeFirst();
  if (!found) throw new AppError('RECORD_NOT_FOUND');
  const [assignment, items] = await Promise.all([
    db.selectFrom('case_rate_assignments').selectAll().where('case_id', '=', caseId).executeTakeFirst(),
    found.rate_code_id
      ? db.selectFrom('rate_code_items').select(['job_type', 'rate', 'active'])
        .where('rate_code_id', '=', found.rate_code_id).orderBy('job_type').execute()
      : Promise.resolve([]),
  ]);
  const stored = (assignment?.custom_rates ?? {}) as Record<string, number | string>;
  return {
    customRates: Object.fromEntries(Object.entries(stored).map(([k, v]) => [k, money(v)])),
    jobTypes: items.map((i) => ({ jobType: i.job_type, key: customRateKey(i.job_type), standardRate: money(i.rate), active: i.active })),
    version: assignment?.version ?? null,
  };
}

/** Replaces the map; version null creates the row. A stale version is EDIT_CONFLICT. */
export async function saveCustomRates(db: DbOrTx, options: { actorId: string; caseId: string; update: TCustomRatesUpdate }) {
  const rates = Object.fromEntries(Object.entries(options.update.customRates).map(([k, v]) => [k, Number(v)]));
  await withActor(db, options.actorId, async (tx) => {
    const found = await tx.selectFrom('cases').select('id').where('id', '=', options.caseId).executeTakeFirst();
    if (!found) throw new AppError('RECORD_NOT_FOUND');
    const json = JSON.stringify(rates);
    const done = options.update.version === null
      ? await tx.insertInto('case_rate_assignments').values({ case_id: options.caseId, custom_rates: json })
        .onConflict((oc) => oc.column('case_id').doNothing()).returning('version').executeTakeFirst()
      : await tx.updateTable('case_rate_assignments').set({ custom_rates: json })
        .where('case_id', '=', options.caseId).where('version', '=', options.update.version).returning('version').executeTakeFirst();
    if (!done) {
      const current = await getCustomRates(tx, options.caseId);
      throw new AppError('EDIT_CONFLICT', undefined, { current });
    }
  });
  return getCustomRates(db, options.caseId);
}
