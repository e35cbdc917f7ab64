import { sql } from 'kysely';
import type { TReceivables } from '../../../core/api/accounting.ts';
import { ageBucket, agingTotals, daysPastDue, OPEN_STATUSES } from '../../../core/billing.ts';
import { roundToCents } from '../../../core/money.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { BILL_VIEW_COLUMNS, billView } from './bill-read.ts';

/** Open bills (issued or partially paid) by days past their due date, with their balances; the longest overdue first. */
export async function receivables(db: DbOrTx, today: string): Promise<TReceivables> {
  // The case's file number and name are looked up per open bill (its primary key) rather than
  // joined: a join hashes every case of the firm, and open bills are a small part of them
  // (bench/billing.ts: 1,675 open bills among 50,000 cases, about 40% faster). Only the columns
  // shown are read: the rest (notes, addresses, timestamps) cost parsing and memory per bill.
  const rows = await db.selectFrom('bills').select(BILL_VIEW_COLUMNS.map((c) => `bills.${c}` as const)).select([
    sql<string>`(select file_number from cases where cases.id = bills.case_id)`.as('file_number'),
    sql<string>`(select case_name from cases where cases.id = bills.case_id)`.as('case_name'),
  ]).where('bills.status', 'in', OPEN_STATUSES).orderBy('bills.due_on').orderBy('bills.number').execute();
  const bills = rows.map((row) => {
    const dueOn = row.due_on ?? row.issued_on ?? today;
    return { ...billView(row), daysPastDue: Math.max(0, daysPastDue(dueOn, today)), bucket: ageBucket(dueOn, today) };
  });
  return { buckets: agingTotals(bills), bills, total: roundToCents(bills.reduce((s, b) => s + b.balance, 0)) };
}
