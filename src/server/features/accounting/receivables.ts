import type { TReceivables } from '../../../core/api/accounting.ts';
import { AGE_BUCKETS, ageBucket, daysBetween } from '../../../core/billing.ts';
import { roundToCents } from '../../../core/money.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { billView } from './bills.ts';

/** Issued, unpaid bills by age since issue (0–30, 31–60, 61–90, over 90 days), oldest first. */
export async function receivables(db: DbOrTx, today: string): Promise<TReceivables> {
  const rows = await db.selectFrom('bills').innerJoin('cases', 'cases.id', 'bills.case_id')
    .selectAll('bills').select(['cases.file_number', 'cases.case_name'])
    .where('bills.status', '=', 'issued').orderBy('bills.issued_on').orderBy('bills.number').execute();
  const bills = rows.map((row) => {
    const issuedOn = row.issued_on ?? today;
    return { ...billView(row), ageDays: Math.max(0, daysBetween(issuedOn, today)), bucket: ageBucket(issuedOn, today) };
  });
  const buckets = AGE_BUCKETS.map((bucket) => {
    const inBucket = bills.filter((b) => b.bucket === bucket);
    return { bucket, count: inBucket.length, total: roundToCents(inBucket.reduce((s, b) => s + b.total, 0)) };
  });
  return { buckets, bills, total: roundToCents(bills.reduce((s, b) => s + b.total, 0)) };
}
