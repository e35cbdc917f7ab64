import type { TCaseCancellations } from '../../../core/api/fee-rules.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { cancellationLines } from '../billing/index.ts';
import { caseCancellations } from '../fee-rules/index.ts';

// The case page's cancelled events (issue 40, docs/decisions/139): recorded with
// POST /api/cases/:id/cancellations, listed here; the fee is money, priced as the bill prices it.

export async function cancellationsOf(db: DbOrTx, options: { caseId: string; superAdmin: boolean }): Promise<TCaseCancellations> {
  const { jobTitles, cancellations } = await caseCancellations(db, options.caseId);
  if (!options.superAdmin) return { jobTitles, moneyVisible: false, cancellations };
  const priced = new Map((await cancellationLines(db, options.caseId)).map((l) => [l.id, l]));
  return {
    jobTitles, moneyVisible: true,
    cancellations: cancellations.map((c) => {
      const line = priced.get(c.id);
      return line ? { ...c, fee: { amount: line.amount, billedHours: line.billedHours ?? 0, rule: line.feeRule ?? null } } : c;
    }),
  };
}
