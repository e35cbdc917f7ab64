import type { TReceivables } from '../../../core/api/accounting.ts';
import { ageBucket, agingTotals, daysPastDue, OPEN_STATUSES } from '../../../core/billing.ts';
import { roundToCents } from '../../../core/money.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { billView, selectBills } from './bill-read.ts';

/** Open bills (issued or partially paid) by days past their due date, with their balances; the longest overdue first. */
export async function receivables(db: DbOrTx, today: string): Promise<TReceivables> {
  const rows = await selectBills(db).where('bills.status', 'in', OPEN_STATUSES)
    .orderBy('bills.due_on').orderBy('bills.number').execute();
  const bills = rows.map((row) => {
    const dueOn = row.due_on ?? row.issued_on ?? today;
    return { ...billView(row), daysPastDue: Math.max(0, daysPastDue(dueOn, today)), bucket: ageBucket(dueOn, today) };
  });
  return { buckets: agingTotals(bills), bills, total: roundToCents(bills.reduce((s, b) => s + b.balance, 0)) };
}
