import { caseAddress } from '../../../core/cases/cases.ts';
import type { LetterFacts } from '../../../core/cases/engagement-letter.ts';
import { resolveRate } from '../../../core/rates.ts';
import { effectiveFeeRules } from '../../../core/billing/fee-rules.ts';
import { ZFeeRules } from '../../../core/api/fee-rules.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';

/**
 * What a case's engagement letter says (issue 39): the client, the case's facts and parties, the loss
 * address (its primary project's property address, else its first project's), its hourly rates (the
 * rate code's active job titles, a custom rate first), its fee rules (the case's own, else its rate
 * code's) and the retainer it asks for. Money: the routes
 * let only super admins reach this.
 */
export async function letterFacts(db: DbOrTx, options: { caseId: string; today: string; firmName: string }): Promise<LetterFacts> {
  const kase = await db.selectFrom('cases').innerJoin('clients', 'clients.id', 'cases.client_id')
    .select([
      'cases.file_number', 'cases.case_name', 'cases.rate_code_id', 'cases.retained_side', 'cases.claim_number', 'cases.policy_number',
      'cases.date_of_loss', 'cases.retainer_requested', 'clients.name as client_name', 'clients.contact_name', 'clients.billing_address',
    ])
    .where('cases.id', '=', options.caseId).executeTakeFirst();
  if (!kase) throw new AppError('RECORD_NOT_FOUND');
  const [parties, projects, items, assignment, codeRules, caseRules] = await Promise.all([
    db.selectFrom('case_parties').select(['role', 'name']).where('case_id', '=', options.caseId).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('projects').select(['property_address', 'property_city_state_zip', 'is_primary_project', 'created_at'])
      .where('case_id', '=', options.caseId).execute(),
    kase.rate_code_id
      ? db.selectFrom('rate_code_items').select(['job_type', 'rate', 'active']).where('rate_code_id', '=', kase.rate_code_id).orderBy('job_type').execute()
      : Promise.resolve([]),
    db.selectFrom('case_rate_assignments').select('custom_rates').where('case_id', '=', options.caseId).executeTakeFirst(),
    kase.rate_code_id
      ? db.selectFrom('rate_codes').select('fee_rules').where('id', '=', kase.rate_code_id).executeTakeFirst()
      : Promise.resolve(undefined),
    db.selectFrom('case_fee_rules').select('rules').where('case_id', '=', options.caseId).executeTakeFirst(),
  ]);
  const customRates = (assignment?.custom_rates ?? null) as Record<string, number | string> | null;
  const rates = items.filter((i) => i.active).flatMap((i) => {
    const rate = resolveRate({ customRates, jobType: i.job_type, rateCodeItems: items });
    return rate === null ? [] : [{ jobType: i.job_type, rate }];
  });
  return {
    today: options.today,
    firmName: options.firmName,
    client: { name: kase.client_name, contactName: kase.contact_name, billingAddress: kase.billing_address },
    caseName: kase.case_name,
    fileNumber: kase.file_number,
    parties,
    retainedSide: kase.retained_side,
    claimNumber: kase.claim_number,
    policyNumber: kase.policy_number,
    dateOfLoss: kase.date_of_loss,
    lossAddress: caseAddress(projects.map((p) => ({
      propertyAddress: p.property_address, propertyCityStateZip: p.property_city_state_zip,
      isPrimaryProject: p.is_primary_project, createdAt: new Date(p.created_at).toISOString(),
    }))),
    rates,
    feeRules: effectiveFeeRules(ZFeeRules.parse(codeRules?.fee_rules ?? []), caseRules ? ZFeeRules.parse(caseRules.rules) : null),
    retainerRequested: kase.retainer_requested === null ? null : Number(kase.retainer_requested),
  };
}
