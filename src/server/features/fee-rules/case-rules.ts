import type { TCaseFeeRules, TCaseFeeRulesUpdate } from '../../../core/api/fee-rules.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { readPricing } from './pricing.ts';

// A case's own fee rules (docs/decisions/138): when set, its list replaces its rate code's whole.
// Money: the routes let only a super admin here.

export async function getCaseFeeRules(db: DbOrTx, caseId: string): Promise<TCaseFeeRules> {
  const row = await db.selectFrom('cases').leftJoin('rate_codes', 'rate_codes.id', 'cases.rate_code_id')
    .leftJoin('case_fee_rules', 'case_fee_rules.case_id', 'cases.id')
    .select(['rate_codes.fee_rules', 'case_fee_rules.rules', 'case_fee_rules.version'])
    .where('cases.id', '=', caseId).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return {
    rules: row.rules === null ? null : [...readPricing({ rules: row.rules }).rules],
    rateCodeRules: [...readPricing({ rules: row.fee_rules ?? [] }).rules],
    version: row.version,
  };
}

/** PUT /api/cases/:id/fee-rules: version null when the case had none; rules null goes back to the rate code's. */
export async function saveCaseFeeRules(db: DbOrTx, options: { caseId: string; body: TCaseFeeRulesUpdate; actorId: string }) {
  const { caseId, body } = options;
  await withActor(db, options.actorId, async (tx) => {
    const found = await tx.selectFrom('cases').select('id').where('id', '=', caseId).executeTakeFirst();
    if (!found) throw new AppError('RECORD_NOT_FOUND');
    const current = await tx.selectFrom('case_fee_rules').select('version').where('case_id', '=', caseId).forUpdate().executeTakeFirst();
    if ((current?.version ?? null) !== body.version) {
      throw new AppError('EDIT_CONFLICT', undefined, { current: await getCaseFeeRules(tx, caseId) });
    }
    if (body.rules === null) await tx.deleteFrom('case_fee_rules').where('case_id', '=', caseId).execute();
    else if (current) await tx.updateTable('case_fee_rules').set({ rules: JSON.stringify(body.rules) }).where('case_id', '=', caseId).execute();
    else await tx.insertInto('case_fee_rules').values({ case_id: caseId, rules: JSON.stringify(body.rules) }).execute();
  });
  return getCaseFeeRules(db, caseId);
}
