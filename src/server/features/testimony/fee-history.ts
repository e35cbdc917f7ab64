import type { TFeeHistory } from '../../../core/api/testimony.ts';
import { feeHistory } from '../../../core/testimony/testimony.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { expertName } from './events-service.ts';

// The deposition fee history of an expert (CCP §2034.470, issue 40): every bill to a deposing side
// for that expert's depositions, counted as charged and paid, ever and in the last two years. Money:
// super admins only (the routes say so).

export async function feeHistoryOf(db: DbOrTx, options: { expertId: string; today: string }): Promise<TFeeHistory> {
  const expert = await db.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', options.expertId).executeTakeFirst();
  if (!expert) throw new AppError('RECORD_NOT_FOUND', 'This expert was not found.');
  const rows = await db.selectFrom('bills as b').innerJoin('testimony_events as te', 'te.id', 'b.payer_testimony_id')
    .select(['b.id', 'b.number', 'b.issued_on', 'b.total', 'b.paid_total', 'b.status', 'b.bill_to_name', 'te.event_date', 'te.caption'])
    .where('te.expert_id', '=', options.expertId).where('te.kind', '=', 'deposition')
    .where('b.issued_on', 'is not', null).where('b.status', '<>', 'void')
    .orderBy('b.issued_on', 'desc').orderBy('b.number', 'desc').execute();
  const bills = rows.map((r) => ({
    billId: r.id, billNumber: r.number, eventDate: r.event_date, caption: r.caption, payerName: r.bill_to_name,
    issuedOn: r.issued_on!, total: Number(r.total), paidTotal: Number(r.paid_total), status: r.status,
  }));
  return { expertId: options.expertId, expertName: expertName(expert), today: options.today, ...feeHistory(bills, options.today), bills };
}
