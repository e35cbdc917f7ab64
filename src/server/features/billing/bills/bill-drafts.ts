import type { TBillDetail, TBillUpdate } from '../../../../core/api/accounting.ts';
import { ZBillUpdate } from '../../../../core/api/accounting.ts';
import { ENTRIES_TAKEN_MESSAGE, draftChangeProblem, STALE_BILL_MESSAGE, termsLabel } from '../../../../core/billing/billing.ts';
import { LINE_NOT_ON_BILL_MESSAGE, NOT_ON_BILL_MESSAGE, NOTHING_TO_ADD_MESSAGE } from '../../../../core/billing/bill-money.ts';
import { withActor, type DbOrTx, type Tx } from '../../../db/connection.ts';
import { AppError, refuse } from '../../../errors/app-error.ts';
import { billDetail } from './bill-read.ts';
import { lockBill, type LockedBill } from './bill-locks.ts';
import { billLines } from './lines.ts';
import { claim, storeTotals } from './bills.ts';

// Shaping a draft bill (issue 24, docs/decisions/084): its bill-to, terms, note, due date and
// discount; adding and removing entries; writing a line down or up. Only a draft changes, only at
// the version the caller saw, and the totals are recomputed in the same transaction.

interface Change { id: string; version: number; actorId: string }

export async function changeDraft(db: DbOrTx, change: Change, apply: (tx: Tx, bill: LockedBill) => Promise<void>): Promise<TBillDetail> {
  await withActor(db, change.actorId, async (tx) => {
    const bill = await lockBill(tx, change.id);
    const problem = draftChangeProblem(bill.status);
    if (problem) throw new AppError('EDIT_CONFLICT', problem);
    if (bill.version !== change.version) throw new AppError('EDIT_CONFLICT', STALE_BILL_MESSAGE);
    await apply(tx, bill);
    await storeTotals(tx, bill.id);
  });
  return billDetail(db, change.id);
}

/** PATCH /api/bills/:id. New terms days without new terms text also rename the terms ('Net 45'). */
export function updateDraft(db: DbOrTx, options: { id: string; body: TBillUpdate; actorId: string }) {
  const body = ZBillUpdate.parse(options.body);
  return changeDraft(db, { id: options.id, version: body.version, actorId: options.actorId }, async (tx) => {
    const terms = body.terms ?? (body.termsDays === undefined ? undefined : termsLabel(body.termsDays));
    // Kysely leaves out the fields that are undefined: those the body does not name.
    const fields = {
      bill_to_name: body.billToName, billing_address: body.billingAddress, terms_days: body.termsDays, terms,
      note: body.note, due_on: body.dueOn,
      discount_kind: body.discount === undefined ? undefined : body.discount?.kind ?? null,
      discount_value: body.discount === undefined ? undefined : body.discount?.value ?? 0,
    };
    if (Object.values(fields).some((value) => value !== undefined)) {
      await tx.updateTable('bills').set(fields).where('id', '=', options.id).execute();
    }
  });
}

/** POST /api/bills/:id/entries: every chosen entry must be unbilled and of the bill's case and period, or none is added. */
export function addEntries(db: DbOrTx, options: Change & { timeEntryIds: string[]; expenseEntryIds: string[] }) {
  const { timeEntryIds, expenseEntryIds } = options;
  if (timeEntryIds.length + expenseEntryIds.length === 0) throw refuse('timeEntryIds', NOTHING_TO_ADD_MESSAGE, 'required');
  return changeDraft(db, options, async (tx, bill) => {
    const scope = { id: bill.id, caseId: bill.case_id, periodStart: bill.period_start, periodEnd: bill.period_end };
    const times = await claim(tx, 'time_entries', timeEntryIds, scope);
    const expenses = await claim(tx, 'expense_entries', expenseEntryIds, scope);
    if (times !== new Set(timeEntryIds).size || expenses !== new Set(expenseEntryIds).size) {
      throw new AppError('EDIT_CONFLICT', ENTRIES_TAKEN_MESSAGE);
    }
  });
}

/** POST /api/bills/:id/entries/remove: the entries go back to unbilled and lose their write-downs. */
export function removeEntries(db: DbOrTx, options: Change & { entryIds: string[] }) {
  return changeDraft(db, options, async (tx, bill) => {
    let removed = 0;
    for (const table of ['time_entries', 'expense_entries'] as const) {
      const result = await tx.updateTable(table).set({ bill_id: null })
        .where('bill_id', '=', bill.id).where('id', 'in', options.entryIds).executeTakeFirst();
      removed += Number(result.numUpdatedRows);
    }
    if (removed !== new Set(options.entryIds).size) throw new AppError('EDIT_CONFLICT', NOT_ON_BILL_MESSAGE);
    await tx.deleteFrom('bill_adjustments').where('bill_id', '=', bill.id).where('entry_id', 'in', options.entryIds).execute();
  });
}

/**
 * POST /api/bills/:id/lines/:entryId/adjust: bill the line at `amount` with a reason; the row keeps the
 * entry's own amount beside it (and the audit log every change). Null takes the line back to its own amount.
 */
export function adjustLine(db: DbOrTx, options: Change & { entryId: string; amount: number | null; reason: string; clientNote?: string }) {
  return changeDraft(db, options, async (tx, bill) => {
    const line = (await billLines(tx, bill.id)).find((l) => l.id === options.entryId);
    if (!line) throw new AppError('RECORD_NOT_FOUND', LINE_NOT_ON_BILL_MESSAGE);
    if (options.amount === null) {
      await tx.deleteFrom('bill_adjustments').where('bill_id', '=', bill.id).where('entry_id', '=', line.id).execute();
      return;
    }
    const values = {
      original_amount: line.originalAmount, amount: options.amount, reason: options.reason, client_note: options.clientNote ?? '',
    };
    await tx.insertInto('bill_adjustments')
      .values({ ...values, bill_id: bill.id, entry_id: line.id, kind: line.kind, created_by: options.actorId })
      .onConflict((oc) => oc.columns(['bill_id', 'entry_id']).doUpdateSet(values)).execute();
  });
}
