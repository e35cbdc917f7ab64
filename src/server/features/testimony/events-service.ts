import { sql, type Selectable } from 'kysely';
import { ZAddress } from '../../../core/api/address.ts';
import type { TCaseTestimony, TTestimony, TTestimonyInput } from '../../../core/api/testimony.ts';
import { ZTestimonyInput } from '../../../core/api/testimony.ts';
import { depositStatus, payerProblem, TESTIMONY_MESSAGES } from '../../../core/testimony/testimony.ts';
import { withActor, type DbOrTx, type Tx } from '../../db/connection.ts';
import type { TestimonyEventsTable } from '../../db/testimony-types.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { AppError, refuse } from '../../errors/app-error.ts';

// Testimony on record (issue 40, docs/decisions/136): a case's depositions, trials, hearings and
// arbitrations, each of one expert on one day, linked to that day's time entries by (case, expert,
// date). Deposits are money: only a super admin reads or writes them (docs/decisions/021).

export interface Viewer { id: string; superAdmin: boolean }

type Row = Selectable<TestimonyEventsTable> & {
  file_number: string; first_name: string | null; last_name: string | null; email: string;
  bill_id: string | null; bill_number: number | null; entry_count: string; entry_hours: string;
};

/** Events with their case, expert, the deposing side's bill and the day's entries. */
export function selectEvents(db: DbOrTx) {
  return db.selectFrom('testimony_events as te')
    .innerJoin('cases as c', 'c.id', 'te.case_id').innerJoin('users as u', 'u.id', 'te.expert_id')
    .leftJoin('bills as b', (join) => join.onRef('b.payer_testimony_id', '=', 'te.id').on('b.status', '<>', 'void'))
    .selectAll('te').select(['c.file_number', 'u.first_name', 'u.last_name', 'u.email', 'b.id as bill_id', 'b.number as bill_number'])
    .select(sql<string>`(select count(*) from time_entries t where t.case_id = te.case_id and t.user_id = te.expert_id
      and t.entry_date = te.event_date)`.as('entry_count'))
    .select(sql<string>`(select coalesce(sum(t.hours), 0) from time_entries t where t.case_id = te.case_id
      and t.user_id = te.expert_id and t.entry_date = te.event_date)`.as('entry_hours'));
}

export const expertName = (u: { first_name: string | null; last_name: string | null; email: string }) =>
  [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email;

function toView(row: Row, viewer: Viewer): TTestimony {
  const view: TTestimony = {
    id: row.id, caseId: row.case_id, fileNumber: row.file_number, kind: row.kind, eventDate: row.event_date,
    expertId: row.expert_id, expertName: expertName(row), court: row.court, caption: row.caption, docket: row.docket,
    retainedSide: row.retained_side, noticedBy: row.noticed_by, payerLawFirmId: row.payer_law_firm_id, payerName: row.payer_name,
    payerContact: row.payer_contact, payerAddress: row.payer_address, payerMatterId: row.payer_matter_id,
    balanceDueDays: row.payer_terms_days,
    depositStatus: depositStatus({
      noticedBy: row.noticed_by, depositRequired: Number(row.deposit_amount ?? 0) > 0, depositReceivedOn: row.deposit_received_on,
    }),
    entryCount: Number(row.entry_count), entryHours: Number(row.entry_hours),
    billId: row.bill_id, billNumber: row.bill_number, version: row.version,
  };
  if (!viewer.superAdmin) return view;
  return {
    ...view, depositRequired: row.deposit_amount === null ? null : Number(row.deposit_amount),
    depositReceivedOn: row.deposit_received_on, depositMethod: row.deposit_method, depositReference: row.deposit_reference,
  };
}

export async function caseTestimony(db: DbOrTx, options: { caseId: string; viewer: Viewer }): Promise<TCaseTestimony> {
  const kase = await db.selectFrom('cases').select('consulting_only').where('id', '=', options.caseId).executeTakeFirst();
  if (!kase) throw new AppError('RECORD_NOT_FOUND', 'This case was not found.');
  const rows = await selectEvents(db).where('te.case_id', '=', options.caseId)
    .orderBy('te.event_date', 'desc').orderBy('te.created_at').orderBy('te.id').execute();
  return {
    consultingOnly: kase.consulting_only, moneyVisible: options.viewer.superAdmin,
    events: rows.map((r) => toView(r as Row, options.viewer)),
  };
}

async function readEvent(db: DbOrTx, id: string, viewer: Viewer): Promise<TTestimony> {
  const row = await selectEvents(db).where('te.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND', 'This testimony was not found.');
  return toView(row as Row, viewer);
}

/** A law firm's name and one-line address, when one is picked as the deposing party. */
async function lawFirm(tx: Tx, id: string) {
  const firm = await tx.selectFrom('law_firms').select(['name', 'address']).where('id', '=', id).executeTakeFirst();
  if (!firm) throw refuse('payerLawFirmId', 'The selected law firm no longer exists.', 'exists');
  const address = ZAddress.safeParse(firm.address);
  const lines = address.success
    ? [address.data.streetAddress1, address.data.streetAddress2,
      [address.data.city, [address.data.stateCode, address.data.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
      .map((l) => l.trim()).filter(Boolean).join('\n')
    : '';
  return { name: firm.name, address: lines };
}

/** PUT /api/testimony/:id: records a new event (no version) or changes one at the version read. */
export async function saveTestimony(db: DbOrTx, options: { id: string; body: TTestimonyInput; viewer: Viewer }): Promise<TTestimony> {
  const body = ZTestimonyInput.parse(options.body);
  const { id, viewer } = options;
  const problem = payerProblem(body);
  if (problem) throw refuse(problem.field, problem.message, 'required');
  await withActor(db, viewer.id, async (tx) => {
    const kase = await tx.selectFrom('cases').select(['consulting_only', 'retained_side']).where('id', '=', body.caseId).executeTakeFirst();
    if (!kase) throw refuse('caseId', 'This case was not found.', 'exists');
    if (kase.consulting_only) throw refuse('caseId', TESTIMONY_MESSAGES.consultingOnly, 'consulting_only');
    const expert = await tx.selectFrom('users').select('id').where('id', '=', body.expertId).executeTakeFirst();
    if (!expert) throw refuse('expertId', 'The selected expert no longer exists.', 'exists');
    const other = body.noticedBy === 'other';
    const firm = other && body.payerLawFirmId ? await lawFirm(tx, body.payerLawFirmId) : null;
    const columns = {
      case_id: body.caseId, kind: body.kind, event_date: body.eventDate, expert_id: body.expertId, court: body.court,
      caption: body.caption, docket: body.docket,
      retained_side: body.retainedSide === undefined ? kase.retained_side : body.retainedSide,
      noticed_by: body.noticedBy, payer_law_firm_id: other ? body.payerLawFirmId : null,
      payer_name: other ? firm?.name ?? body.payerName : '',
      payer_contact: other ? body.payerContact : '',
      payer_address: other ? (body.payerAddress.trim() || firm?.address || '') : '',
      payer_matter_id: other ? body.payerMatterId : '',
      payer_terms_days: body.balanceDueDays,
      // Money: a super admin's values only; anyone else leaves the stored ones.
      ...(viewer.superAdmin && {
        ...(body.depositRequired !== undefined && { deposit_amount: body.depositRequired }),
        ...(body.depositReceivedOn !== undefined && { deposit_received_on: body.depositReceivedOn }),
        ...(body.depositMethod !== undefined && { deposit_method: body.depositMethod }),
        ...(body.depositReference !== undefined && { deposit_reference: body.depositReference }),
      }),
    };
    const existing = await tx.selectFrom('testimony_events').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!existing) {
      await tx.insertInto('testimony_events').values({ id, ...columns, created_by: viewer.id }).execute();
      return;
    }
    // A retried create (its answer was lost) answers the event as it is.
    if (body.version === undefined) {
      if (existing.created_by === viewer.id && existing.case_id === body.caseId) return;
      throw new AppError('DUPLICATE_RECORD');
    }
    const billed = await tx.selectFrom('bills').select('id').where('payer_testimony_id', '=', id).where('status', '<>', 'void').executeTakeFirst();
    const moved = existing.kind !== columns.kind || existing.event_date !== columns.event_date || existing.expert_id !== columns.expert_id
      || existing.noticed_by !== columns.noticed_by || existing.case_id !== columns.case_id;
    if (billed && moved) throw new AppError('EDIT_CONFLICT', TESTIMONY_MESSAGES.billedLocked);
    await updateVersioned(tx, 'testimony_events', id, body.version, columns);
  });
  return readEvent(db, id, viewer);
}

export async function deleteTestimony(db: DbOrTx, options: { id: string; viewer: Viewer }) {
  await withActor(db, options.viewer.id, async (tx) => {
    const billed = await tx.selectFrom('bills').select('id').where('payer_testimony_id', '=', options.id).executeTakeFirst();
    if (billed) throw new AppError('EDIT_CONFLICT', TESTIMONY_MESSAGES.billedLocked);
    const gone = await tx.deleteFrom('testimony_events').where('id', '=', options.id).executeTakeFirst();
    if (gone.numDeletedRows === 0n) throw new AppError('RECORD_NOT_FOUND', 'This testimony was not found.');
  });
}

/** PUT /api/cases/:id/consulting-only: refused while the case has testimony on record. */
export async function setConsultingOnly(db: DbOrTx, options: { caseId: string; consultingOnly: boolean; viewer: Viewer }) {
  await withActor(db, options.viewer.id, async (tx) => {
    if (options.consultingOnly) {
      const any = await tx.selectFrom('testimony_events').select('id').where('case_id', '=', options.caseId).executeTakeFirst();
      if (any) throw refuse('consultingOnly', TESTIMONY_MESSAGES.hasTestimony, 'has_testimony', 'EDIT_CONFLICT');
    }
    const done = await tx.updateTable('cases').set({ consulting_only: options.consultingOnly }).where('id', '=', options.caseId).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new AppError('RECORD_NOT_FOUND', 'This case was not found.');
  });
  return caseTestimony(db, options);
}
