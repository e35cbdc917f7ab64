import { sql } from 'kysely';
import type { TBillDetail, TLineEdit } from '../../../../core/api/accounting.ts';
import { ZLineEdit } from '../../../../core/api/accounting.ts';
import { LINE_NOT_ON_BILL_MESSAGE } from '../../../../core/billing/bill-money.ts';
import { draftDeleteProblem, LINE_FIELD_MISMATCH_MESSAGE, STALE_BILL_MESSAGE } from '../../../../core/billing/billing.ts';
import { withActor, type DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';
import { changeDraft } from './bill-drafts.ts';
import { lockBill } from './bill-locks.ts';
import { billLines } from './lines.ts';

// Issue 38 (docs/decisions/183): a draft's line is its entry, so editing the line edits the entry
// (hours, rate, description; an expense's amount), audited by the entries' own trigger and held to
// the same week lock as the time tracking screen. A draft was never sent: it is deleted, not voided.

/** PATCH /api/bills/:id/lines/:entryId. A written-down line keeps its billed amount; its own amount is the new one. */
export function editDraftLine(db: DbOrTx, options: { id: string; entryId: string; body: TLineEdit; actorId: string }): Promise<TBillDetail> {
  const body = ZLineEdit.parse(options.body);
  return changeDraft(db, { id: options.id, version: body.version, actorId: options.actorId }, async (tx, bill) => {
    const line = (await billLines(tx, bill.id)).find((l) => l.id === options.entryId);
    if (!line) throw new AppError('RECORD_NOT_FOUND', LINE_NOT_ON_BILL_MESSAGE);
    const time = line.kind === 'time';
    if (time ? body.amount !== undefined : body.hours !== undefined || body.rate !== undefined) {
      throw new AppError('VALIDATION_ERROR', LINE_FIELD_MISMATCH_MESSAGE);
    }
    const fields = time ? { hours: body.hours, rate: body.rate, description: body.description }
      : { amount: body.amount, description: body.description };
    if (Object.values(fields).every((v) => v === undefined)) return;
    const table = time ? 'time_entries' : 'expense_entries';
    await tx.updateTable(table).set(fields).where('id', '=', line.id).where('bill_id', '=', bill.id).execute();
    // The line's own amount again, priced by the fee rules as the bill prices it.
    const own = (await billLines(tx, bill.id)).find((l) => l.id === line.id)?.originalAmount ?? 0;
    await tx.updateTable('bill_adjustments').set({ original_amount: own })
      .where('bill_id', '=', bill.id).where('entry_id', '=', line.id).where('original_amount', '<>', String(own)).execute();
  });
}

/**
 * DELETE /api/bills/:id?version=: only a draft; its entries are unbilled again and its write-downs go
 * with it. The number is given back when it is the last one taken (so the series stays gapless);
 * otherwise the audit log's deletion of that bill is the record of the gap.
 */
export async function deleteDraft(db: DbOrTx, options: { id: string; version: number; actorId: string }): Promise<void> {
  await withActor(db, options.actorId, async (tx) => {
    const bill = await lockBill(tx, options.id);
    const problem = draftDeleteProblem(bill.status);
    if (problem) throw new AppError('EDIT_CONFLICT', problem);
    if (bill.version !== options.version) throw new AppError('EDIT_CONFLICT', STALE_BILL_MESSAGE);
    for (const table of ['time_entries', 'expense_entries'] as const) {
      await tx.updateTable(table).set({ bill_id: null }).where('bill_id', '=', bill.id).execute();
    }
    await tx.deleteFrom('bills').where('id', '=', bill.id).execute();
    await tx.updateTable('bill_counter').set({ last_number: sql`last_number - 1` })
      .where('id', '=', 1).where('last_number', '=', bill.number).execute();
  });
}
