import { randomUUID } from 'node:crypto';
import type { TBillDetail, TPaymentCreate } from '../../../../core/api/accounting.ts';
import { ZPaymentCreate } from '../../../../core/api/accounting.ts';
import { creditSpentMessage, PAYMENT_BEFORE_ISSUE_MESSAGE, paymentStatusProblem } from '../../../../core/billing/bill-money.ts';
import {
  ALREADY_REVERSED_MESSAGE, clientCreditShortMessage, formatBillNumber, NOTHING_DUE_MESSAGE, retainerShortMessage, splitPayment,
} from '../../../../core/billing/billing.ts';
import { roundToCents } from '../../../../core/money.ts';
import { withActor, type DbOrTx } from '../../../db/connection.ts';
import { AppError, refuse } from '../../../errors/app-error.ts';
import { billDetail } from '../bills/bill-read.ts';
import { lockBill, lockClientCredit, lockRetainer, nextNumber, saveBillMoney } from '../bills/bill-locks.ts';

// Payments of issued bills (issue 24, docs/decisions/084): several per bill, numbered without gaps,
// drawing on the case's retainer or the client's credit when that is the method, what is over the
// balance kept as client credit when asked; reversed with a reason, putting every fund back.

/** POST /api/bills/:id/payments. A retried payment (same id, same bill) answers the bill as it left it. */
export async function recordPayment(db: DbOrTx, options: { billId: string; body: TPaymentCreate; actorId: string }): Promise<TBillDetail> {
  const body = ZPaymentCreate.parse(options.body);
  const { actorId } = options;
  await withActor(db, actorId, async (tx) => {
    const bill = await lockBill(tx, options.billId);
    // Read after the bill's lock: a concurrent retry of the same payment sees the first one committed.
    const existing = await tx.selectFrom('payments').select('bill_id').where('id', '=', body.id).executeTakeFirst();
    if (existing) {
      if (existing.bill_id === bill.id) return;
      throw new AppError('DUPLICATE_RECORD');
    }
    const statusProblem = paymentStatusProblem(bill.status);
    if (statusProblem) throw new AppError('EDIT_CONFLICT', statusProblem);
    const split = splitPayment(body.amount, Number(bill.balance), { excessToCredit: body.excessToCredit, method: body.method });
    if ('problem' in split) throw split.problem === NOTHING_DUE_MESSAGE ? new AppError('EDIT_CONFLICT', split.problem) : refuse('amount', split.problem, 'over_balance');
    if (body.receivedOn < bill.issued_on!) throw refuse('receivedOn', PAYMENT_BEFORE_ISSUE_MESSAGE, 'before_issue');

    if (body.method === 'retainer') {
      const held = await lockRetainer(tx, bill.case_id);
      if (split.applied > held) throw refuse('amount', retainerShortMessage(held), 'retainer_short');
    }
    if (body.method === 'client_credit' || split.toCredit > 0) {
      const held = await lockClientCredit(tx, bill.client_id);
      if (body.method === 'client_credit' && split.applied > held) throw refuse('amount', clientCreditShortMessage(held), 'client_credit_short');
    }
    const number = await nextNumber(tx, 'payment');
    await tx.insertInto('payments').values({
      id: body.id, number, bill_id: bill.id, client_id: bill.client_id, received_on: body.receivedOn, method: body.method,
      reference: body.reference, amount: body.amount, applied_amount: split.applied, created_by: actorId,
    }).execute();
    const note = `Bill ${formatBillNumber(bill.number)}`;
    const funds = { client_id: bill.client_id, entry_date: body.receivedOn, payment_id: body.id, note, created_by: actorId };
    if (body.method === 'retainer') {
      await tx.insertInto('retainer_entries')
        .values({ ...funds, id: randomUUID(), case_id: bill.case_id, kind: 'application', amount: split.applied }).execute();
    }
    if (body.method === 'client_credit') await tx.insertInto('client_credits').values({ ...funds, amount: -split.applied }).execute();
    if (split.toCredit > 0) await tx.insertInto('client_credits').values({ ...funds, amount: split.toCredit }).execute();
    await saveBillMoney(tx, bill, { paid: split.applied, date: body.receivedOn });
  });
  return billDetail(db, options.billId);
}

/**
 * POST /api/payments/:id/reverse: the bill owes the payment again, a retainer application or a use
 * of credit is given back, and the credit the payment left is taken back (refused once spent).
 */
export async function reversePayment(db: DbOrTx, options: { paymentId: string; reason: string; actorId: string; today: string }): Promise<TBillDetail> {
  const { actorId, today } = options;
  const found = await db.selectFrom('payments').select('bill_id').where('id', '=', options.paymentId).executeTakeFirst();
  if (!found) throw new AppError('RECORD_NOT_FOUND', 'This payment was not found.');
  await withActor(db, actorId, async (tx) => {
    const bill = await lockBill(tx, found.bill_id);
    const payment = await tx.selectFrom('payments').selectAll().where('id', '=', options.paymentId).executeTakeFirstOrThrow();
    if (payment.reversed_at) throw new AppError('EDIT_CONFLICT', ALREADY_REVERSED_MESSAGE);
    const applied = Number(payment.applied_amount);
    const left = roundToCents(Number(payment.amount) - applied);
    const funds = { client_id: bill.client_id, entry_date: today, payment_id: payment.id, created_by: actorId };
    const note = `Payment reversed: ${options.reason}`;
    if (payment.method === 'retainer') {
      await lockRetainer(tx, bill.case_id);
      await tx.insertInto('retainer_entries')
        .values({ ...funds, id: randomUUID(), case_id: bill.case_id, kind: 'reversal', amount: applied, note }).execute();
    }
    if (payment.method === 'client_credit' || left > 0) {
      const held = await lockClientCredit(tx, bill.client_id);
      if (left > held) throw new AppError('EDIT_CONFLICT', creditSpentMessage(left));
      if (payment.method === 'client_credit') await tx.insertInto('client_credits').values({ ...funds, amount: applied, note }).execute();
      if (left > 0) await tx.insertInto('client_credits').values({ ...funds, amount: -left, note }).execute();
    }
    await tx.updateTable('payments').set({ reversed_at: new Date(), reversed_by: actorId, reversal_reason: options.reason })
      .where('id', '=', payment.id).execute();
    await saveBillMoney(tx, bill, { paid: -applied, date: today });
  });
  return billDetail(db, found.bill_id);
}
