import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TBillDetail } from '../../../../core/api/accounting.ts';
import { termsLabel } from '../../../../core/billing/billing.ts';
import { formatUsDate } from '../../../../core/smart-date.ts';
import { TESTIMONY_MESSAGES } from '../../../../core/testimony/testimony.ts';
import { withActor, type DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';
import { billDetail } from './bill-read.ts';
import { claim, moveBill, storeTotals } from './bills.ts';
import { recordPayment } from '../payments/payments.ts';

// The bill to the deposing side (issue 40, docs/decisions/137): a bill like any other whose payer is
// the deposition. It takes that day's entries of the case's expert (testimony and travel), is issued
// at once, due in the deposition's days (default 5), and the deposit received is applied to it as a
// payment. Payments, credits, the PDF and LEDES then work as for any bill.

export async function billDeposingSide(db: DbOrTx, options: {
  testimonyId: string; billId: string; issuedOn?: string; actorId: string; today: string;
}): Promise<TBillDetail> {
  const { testimonyId, billId, actorId, today } = options;
  const issuedOn = options.issuedOn ?? today;
  await withActor(db, actorId, async (tx) => {
    const made = await tx.selectFrom('bills').select(['payer_testimony_id', 'created_by']).where('id', '=', billId).executeTakeFirst();
    if (made) {
      // A retried request (its answer was lost) gets the bill it made.
      if (made.payer_testimony_id === testimonyId && made.created_by === actorId) return;
      throw new AppError('DUPLICATE_RECORD');
    }
    const te = await tx.selectFrom('testimony_events').selectAll().where('id', '=', testimonyId).forUpdate().executeTakeFirst();
    if (!te) throw new AppError('RECORD_NOT_FOUND', 'This testimony was not found.');
    if (!te.bills_deposing_side) throw new AppError('EDIT_CONFLICT', TESTIMONY_MESSAGES.notDeposingSide);
    const billed = await tx.selectFrom('bills').select('id').where('payer_testimony_id', '=', te.id).where('status', '<>', 'void').executeTakeFirst();
    if (billed) throw new AppError('EDIT_CONFLICT', TESTIMONY_MESSAGES.billed);
    const kase = await tx.selectFrom('cases').innerJoin('clients', 'clients.id', 'cases.client_id')
      .select(['cases.client_id', 'clients.name']).where('cases.id', '=', te.case_id).executeTakeFirstOrThrow();

    const day = (table: 'time_entries' | 'expense_entries') => tx.selectFrom(table).select('id')
      .where('project_id', 'in', (eb) => eb.selectFrom('projects').select('id').where('case_id', '=', te.case_id)).where('user_id', '=', te.expert_id).where('entry_date', '=', te.event_date).where('bill_id', 'is', null).execute();
    const [times, expenses] = await Promise.all([day('time_entries'), day('expense_entries')]);
    if (times.length + expenses.length === 0) throw new AppError('VALIDATION_ERROR', TESTIMONY_MESSAGES.nothingToBill);

    const { last_number: number } = await tx.updateTable('bill_counter').set({ last_number: sql`last_number + 1` })
      .where('id', '=', 1).returning('last_number').executeTakeFirstOrThrow();
    const attention = te.payer_contact ? `Attn: ${te.payer_contact}\n` : '';
    await tx.insertInto('bills').values({
      id: billId, number, case_id: te.case_id, client_id: kase.client_id, client_name: kase.name,
      period_start: te.event_date, period_end: te.event_date, created_by: actorId,
      bill_to_name: te.payer_name, billing_address: `${attention}${te.payer_address}`.trim(),
      terms_days: te.payer_terms_days, terms: termsLabel(te.payer_terms_days),
      payer_testimony_id: te.id, payer_matter_id: te.payer_matter_id,
      note: `Deposition of ${formatUsDate(te.event_date)} noticed by ${te.payer_name}.`,
    }).execute();
    const scope = { id: billId, caseId: te.case_id, periodStart: te.event_date, periodEnd: te.event_date, payerTestimonyId: te.id };
    await claim(tx, 'time_entries', times.map((r) => r.id), scope);
    await claim(tx, 'expense_entries', expenses.map((r) => r.id), scope);
    await storeTotals(tx, billId);

    const { version } = await tx.selectFrom('bills').select('version').where('id', '=', billId).executeTakeFirstOrThrow();
    const issued = await moveBill(tx, { id: billId, action: 'issue', version, actorId, date: issuedOn, today });
    const deposit = Number(te.deposit_amount ?? 0);
    if (te.deposit_received_on && deposit > 0 && issued.balance > 0) {
      const reference = `Deposit received ${formatUsDate(te.deposit_received_on)}${te.deposit_reference ? ` (${te.deposit_reference})` : ''}`;
      await recordPayment(tx, {
        billId, actorId,
        body: { id: randomUUID(), receivedOn: issuedOn, amount: Math.min(deposit, issued.balance), method: te.deposit_method ?? 'other', reference },
      });
    }
  });
  return billDetail(db, billId);
}
