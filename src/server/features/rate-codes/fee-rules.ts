import { sql } from 'kysely';
import type { TRateChangeCreate, TRateCodeFeeRulesUpdate } from '../../../core/api/fee-rules.ts';
import type { TRateCodeResponse } from '../../../core/api/rate-codes.ts';
import { customRateKey } from '../../../core/rates.ts';
import { withActor, type Db, type Tx } from '../../db/connection.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { AppError } from '../../errors/app-error.ts';
import { getRateCode, type RateViewer } from './service.ts';

// A rate code's fee rules and its job titles' dated rate changes (issue 40, docs/decisions/138, 199).
// Money: the routes let only a super admin here, and the answers are the priced rate code.

/** PUT /api/rate-codes/:id/fee-rules: the whole list, at the rate code's version. */
export async function setRateCodeFeeRules(
  db: Db, options: { id: string; body: TRateCodeFeeRulesUpdate; viewer: RateViewer },
): Promise<TRateCodeResponse> {
  await withActor(db, options.viewer.id, (tx) =>
    updateVersioned(tx, 'rate_codes', options.id, options.body.version, { fee_rules: JSON.stringify(options.body.rules) }));
  return getRateCode(db, { id: options.id, viewer: options.viewer });
}

async function itemOf(tx: Tx, rateCodeId: string, itemId: string) {
  const item = await tx.selectFrom('rate_code_items').select(['id', 'job_type', 'rate', 'rate_code_id'])
    .where('id', '=', itemId).where('rate_code_id', '=', rateCodeId).executeTakeFirst();
  if (!item) throw new AppError('RECORD_NOT_FOUND');
  return item;
}

/**
 * An entry takes the rate in force on its date: the unbilled entries of this job title on the cases
 * of this rate code, from `from` on, take it again after a rate change is added or removed. An entry
 * on a bill (draft or issued) keeps its rate: a billed entry is never repriced. A case's custom rate
 * for the job title wins, as when the entry was saved.
 */
async function repriceUnbilled(tx: Tx, item: { id: string; job_type: string; rate: string; rate_code_id: string }, from: string) {
  await sql`
    update time_entries t set rate = coalesce((
      select r.rate from rate_code_item_rates r
      where r.rate_code_item_id = ${item.id} and r.effective_on <= t.entry_date order by r.effective_on desc limit 1
    ), ${item.rate}::numeric)
    from projects p join cases c on c.id = p.case_id left join case_rate_assignments a on a.case_id = c.id
    where t.project_id = p.id and c.rate_code_id = ${item.rate_code_id} and t.job_type = ${item.job_type}
      and t.bill_id is null and t.entry_date >= ${from}::date
      and not coalesce(a.custom_rates ? ${customRateKey(item.job_type)}::text, false)`.execute(tx);
}

/** POST /api/rate-codes/:id/items/:itemId/rates: a rate change from a date on (a second one of that date replaces it). */
export async function addRateChange(
  db: Db, options: { rateCodeId: string; itemId: string; body: TRateChangeCreate; viewer: RateViewer },
): Promise<TRateCodeResponse> {
  const { body } = options;
  await withActor(db, options.viewer.id, async (tx) => {
    const item = await itemOf(tx, options.rateCodeId, options.itemId);
    await tx.insertInto('rate_code_item_rates').values({ rate_code_item_id: item.id, effective_on: body.effectiveOn, rate: body.rate })
      .onConflict((oc) => oc.columns(['rate_code_item_id', 'effective_on']).doUpdateSet({ rate: body.rate })).execute();
    await repriceUnbilled(tx, item, body.effectiveOn);
  });
  return getRateCode(db, { id: options.rateCodeId, viewer: options.viewer });
}

/** DELETE /api/rate-codes/:id/items/:itemId/rates/:rateId. */
export async function deleteRateChange(
  db: Db, options: { rateCodeId: string; itemId: string; rateId: string; viewer: RateViewer },
): Promise<TRateCodeResponse> {
  await withActor(db, options.viewer.id, async (tx) => {
    const item = await itemOf(tx, options.rateCodeId, options.itemId);
    const deleted = await tx.deleteFrom('rate_code_item_rates').where('id', '=', options.rateId)
      .where('rate_code_item_id', '=', item.id).returning(sql<string>`effective_on::text`.as('effective_on')).executeTakeFirst();
    if (!deleted) throw new AppError('RECORD_NOT_FOUND');
    await repriceUnbilled(tx, item, deleted.effective_on);
  });
  return getRateCode(db, { id: options.rateCodeId, viewer: options.viewer });
}
