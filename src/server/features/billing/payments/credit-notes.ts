import type { TBillDetail, TCreditNoteCreate } from '../../../../core/api/accounting.ts';
import { ZCreditNoteCreate } from '../../../../core/api/accounting.ts';
import {
  CREDIT_BEFORE_ISSUE_MESSAGE, CREDIT_LINE_NOT_ON_BILL_MESSAGE, creditNoteStatusProblem, splitCredit,
} from '../../../../core/billing/bill-money.ts';
import { formatCreditNoteNumber } from '../../../../core/billing/billing.ts';
import { roundToCents } from '../../../../core/money.ts';
import { withActor, type DbOrTx, type Tx } from '../../../db/connection.ts';
import { AppError, refuse } from '../../../errors/app-error.ts';
import { billDetail } from '../bills/bill-read.ts';
import { lockBill, lockClientCredit, nextNumber, saveBillMoney } from '../bills/bill-locks.ts';

// Credit notes (issue 24, docs/decisions/084): the only correction of an issued bill, numbered
// CN-0001 in their own series. The part up to the balance reduces it; the rest (a paid bill
// corrected) is held as the client's credit.

/** POST /api/bills/:id/credit-notes. A retried note (same id, same bill) answers the bill as it left it. */
export async function createCreditNote(db: DbOrTx, options: {
  billId: string; body: TCreditNoteCreate; actorId: string; today: string;
}): Promise<TBillDetail> {
  const body = ZCreditNoteCreate.parse(options.body);
  const { actorId } = options;
  await withActor(db, actorId, async (tx) => {
    const bill = await lockBill(tx, options.billId);
    const existing = await tx.selectFrom('credit_notes').select('bill_id').where('id', '=', body.id).executeTakeFirst();
    if (existing) {
      if (existing.bill_id === bill.id) return;
      throw new AppError('DUPLICATE_RECORD');
    }
    const statusProblem = creditNoteStatusProblem(bill.status);
    if (statusProblem) throw new AppError('EDIT_CONFLICT', statusProblem);
    const issuedOn = body.issuedOn ?? options.today;
    if (issuedOn < bill.issued_on!) throw refuse('issuedOn', CREDIT_BEFORE_ISSUE_MESSAGE, 'before_issue');
    await checkLinesOnBill(tx, bill.id, body.lines.flatMap((l) => (l.entryId ? [l.entryId] : [])));
    const amount = body.amount ?? roundToCents(body.lines.reduce((s, l) => s + l.amount, 0));
    const { soFar } = await tx.selectFrom('credit_notes').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('soFar'))
      .where('bill_id', '=', bill.id).executeTakeFirstOrThrow();
    const split = splitCredit(amount, { total: Number(bill.total), balance: Number(bill.balance), creditNotesSoFar: Number(soFar) });
    if ('problem' in split) throw refuse(body.amount === undefined ? 'lines' : 'amount', split.problem, 'credit_too_large');
    if (split.toCredit > 0) await lockClientCredit(tx, bill.client_id);

    const number = await nextNumber(tx, 'credit_note');
    await tx.insertInto('credit_notes').values({
      id: body.id, number, bill_id: bill.id, client_id: bill.client_id, issued_on: issuedOn, reason: body.reason,
      amount, applied_amount: split.applied, created_by: actorId,
    }).execute();
    if (body.lines.length > 0) {
      await tx.insertInto('credit_note_lines').values(body.lines.map((l, i) => ({
        credit_note_id: body.id, position: i + 1, description: l.description, amount: l.amount, entry_id: l.entryId,
      }))).execute();
    }
    if (split.toCredit > 0) {
      await tx.insertInto('client_credits').values({
        client_id: bill.client_id, entry_date: issuedOn, amount: split.toCredit, credit_note_id: body.id,
        note: formatCreditNoteNumber(number), created_by: actorId,
      }).execute();
    }
    await saveBillMoney(tx, bill, { credited: split.applied, date: issuedOn });
  });
  return billDetail(db, options.billId);
}

/** A line that names an entry credits a line of this bill, never another's. */
async function checkLinesOnBill(tx: Tx, billId: string, entryIds: string[]) {
  if (entryIds.length === 0) return;
  const onBill = await tx.selectFrom('time_entries').select('id').where('bill_id', '=', billId).where('id', 'in', entryIds)
    .unionAll(tx.selectFrom('expense_entries').select('id').where('bill_id', '=', billId).where('id', 'in', entryIds)).execute();
  if (onBill.length !== new Set(entryIds).size) throw refuse('lines', CREDIT_LINE_NOT_ON_BILL_MESSAGE, 'line_not_on_bill');
}
