import { sql, type SqlBool } from 'kysely';
import type { TReceivables, TReceivablesQuery } from '../../../../core/api/accounting.ts';
import { ZReceivablesQuery } from '../../../../core/api/accounting.ts';
import { AGE_BUCKETS, ageBucket, bucketDueRange, daysPastDue, OPEN_STATUSES, type AgeBucket } from '../../../../core/billing/billing.ts';
import { agingParty } from '../../../../core/billing/aging-by-client.ts';
import { roundToCents } from '../../../../core/money.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { BILL_VIEW_COLUMNS, billViewOn } from '../bills/bill-read.ts';

// A/R aging (issue 24): the buckets are summed in the database over every open bill (an index-only
// range scan of bills_open_idx per bucket), and the bills come a page at a time, the longest overdue
// first, so the answer stays small and fast at thousands of open bills (bench/billing.ts).

const inBucket = (bucket: AgeBucket, today: string) => {
  const { from, to } = bucketDueRange(bucket, today);
  return sql<SqlBool>`${from === null ? sql`true` : sql`due_on >= ${from}::date`} and ${to === null ? sql`true` : sql`due_on <= ${to}::date`}`;
};

export async function receivables(db: DbOrTx, options: { today: string; query: TReceivablesQuery }): Promise<TReceivables> {
  const { today } = options;
  const query = ZReceivablesQuery.parse(options.query);
  const open = db.selectFrom('bills').where('bills.status', 'in', OPEN_STATUSES);
  const sums = await open.select(AGE_BUCKETS.flatMap((b, i) => [
    sql<string>`count(*) filter (where ${inBucket(b, today)})`.as(`n${i}`),
    sql<string>`coalesce(sum(balance) filter (where ${inBucket(b, today)}), 0)`.as(`s${i}`),
  ])).executeTakeFirstOrThrow() as Record<string, string>;
  const buckets = AGE_BUCKETS.map((bucket, i) => ({ bucket, count: Number(sums[`n${i}`]), total: Number(sums[`s${i}`]) }));
  // The case's file number and name are looked up per bill of the page (its primary key) rather than joined.
  const page = await open.select(BILL_VIEW_COLUMNS.map((c) => `bills.${c}` as const)).select([
    sql<string>`(select file_number from cases where cases.id = bills.case_id)`.as('file_number'),
    sql<string>`(select case_name from cases where cases.id = bills.case_id)`.as('case_name'),
  ]).$if(query.bucket !== undefined, (q) => q.where(inBucket(query.bucket!, today)))
    .orderBy('bills.due_on').orderBy('bills.number').offset(query.offset).limit(query.limit).execute();
  const bills = page.map((row) => {
    const dueOn = row.due_on ?? row.issued_on ?? today;
    const bill = billViewOn(row, today);
    // A bill to a deposing party is listed under that party, not the retaining client (docs/decisions/143).
    const payer = bill.payerTestimonyId ? { key: bill.payerTestimonyId, name: bill.billToName } : null;
    return { ...bill, clientName: agingParty({ ...bill, payer }).name, daysPastDue: Math.max(0, daysPastDue(dueOn, today)), bucket: ageBucket(dueOn, today) };
  });
  const count = query.bucket === undefined ? buckets.reduce((s, b) => s + b.count, 0)
    : buckets.find((b) => b.bucket === query.bucket)!.count;
  return { buckets, total: roundToCents(buckets.reduce((s, b) => s + b.total, 0)), bills, count };
}
