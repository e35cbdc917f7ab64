import type { Updateable } from 'kysely';
import type { TWeekDecisionBody, TWeekState } from '../../../../core/api/timesheet.ts';
import { ZWeekDecisionBody } from '../../../../core/api/timesheet.ts';
import { WEEK_MESSAGES, type WeekStatus } from '../../../../core/time/weeks.ts';
import { withActor, type Tx } from '../../../db/connection.ts';
import type { TimesheetWeeksTable } from '../../../db/week-types.ts';
import { AppError, refuse } from '../../../errors/app-error.ts';
import type { Viewer } from '../entries/access.ts';
import { isApprover, mayDecide, personOf } from '../entries/person.ts';
import { readTimesheetSettings } from './settings.ts';
import { lockMessageOf, readWeek, weekStateOf, type WeekRow } from './week-state.ts';
import { weekStartOf } from '../../../../core/dates/iso-date.ts';

// Submit → approve → lock (issue 25, docs/decisions/088). The week's row is locked (FOR UPDATE)
// and its version checked, so two approvers, or an approver and the owner, never race.

export type WeekAction = 'submit' | 'withdraw' | 'approve' | 'reject' | 'reopen';

/** The statuses each action starts from, and the words when the week is in another. */
const FROM: Record<WeekAction, { from: WeekStatus[]; refused: (row: WeekRow | undefined) => string }> = {
  submit: { from: ['open', 'rejected'], refused: (row) => (row?.status === 'approved' && lockMessageOf(row)) || WEEK_MESSAGES.alreadySubmitted },
  withdraw: { from: ['submitted'], refused: () => WEEK_MESSAGES.notWithdrawable },
  approve: { from: ['submitted'], refused: () => WEEK_MESSAGES.notSubmittedYet },
  reject: { from: ['submitted'], refused: () => WEEK_MESSAGES.notSubmittedYet },
  reopen: { from: ['approved'], refused: () => WEEK_MESSAGES.notApproved },
};

function changes(action: WeekAction, viewer: Viewer, note: string, today: string): Updateable<TimesheetWeeksTable> {
  const decided = { decided_at: new Date(), decided_by: viewer.id };
  switch (action) {
    case 'submit': return { status: 'submitted', submitted_at: new Date(), submitted_by: viewer.id, note: '' };
    case 'withdraw': return { status: 'open', submitted_at: null, submitted_by: null, note: '' };
    case 'approve': return { status: 'approved', ...decided, approved_on: today, note: '' };
    case 'reject': return { status: 'rejected', ...decided, note };
    case 'reopen': return { status: 'open', ...decided, approved_on: null, note };
  }
}

const DECISIONS: WeekAction[] = ['approve', 'reject', 'reopen'];

/** Who may take the action on whose week: the owner submits (or an approver for them), withdraws; approvers decide. */
function assertMay(action: WeekAction, viewer: Viewer, userId: string) {
  if (action === 'withdraw' && userId !== viewer.id) throw new AppError('PERMISSION_DENIED');
  if (DECISIONS.includes(action) && !isApprover(viewer)) throw new AppError('PERMISSION_DENIED');
}

function assertNote(action: WeekAction, note: string) {
  if (action === 'reject' && !note) throw refuse('note', WEEK_MESSAGES.rejectNoteRequired, 'required');
  if (action === 'reopen' && !note) throw refuse('note', WEEK_MESSAGES.reopenReasonRequired, 'required');
}

/** POST /api/timesheet/weeks/:action at the version the caller saw; the audit log keeps each step (the note with it). */
export async function moveWeek(
  db: Parameters<typeof withActor>[0],
  options: { viewer: Viewer; action: WeekAction; body: TWeekDecisionBody; today: string },
): Promise<TWeekState> {
  const { viewer, action } = options;
  const body = ZWeekDecisionBody.parse(options.body);
  const userId = personOf(viewer, body.userId);
  assertMay(action, viewer, userId);
  if (DECISIONS.includes(action) && !(await mayDecide(db, viewer, userId))) throw new AppError('PERMISSION_DENIED', WEEK_MESSAGES.ownWeek);
  const note = body.note.trim();
  assertNote(action, note);
  const { weekStart } = body;
  return withActor(db, viewer.id, async (tx) => {
    const row = await readWeek(tx, { userId, weekStart, forUpdate: true });
    if (body.version !== undefined && body.version !== (row?.version ?? 0)) {
      throw new AppError('EDIT_CONFLICT', undefined, { current: weekStateOf(row) });
    }
    if (!FROM[action].from.includes(row?.status ?? 'open')) {
      throw new AppError('EDIT_CONFLICT', FROM[action].refused(row), { current: weekStateOf(row) });
    }
    if (row) {
      await tx.updateTable('timesheet_weeks').set(changes(action, viewer, note, options.today))
        .where('user_id', '=', userId).where('week_start', '=', weekStart).execute();
    } else {
      await firstSubmit(tx, { userId, weekStart, viewer });
    }
    return weekStateOf(await readWeek(tx, { userId, weekStart }));
  });
}

// A week without a row is open: its first submission makes the row (only at a first day of the firm's week).
async function firstSubmit(tx: Tx, options: { userId: string; weekStart: string; viewer: Viewer }) {
  const { weekStartsOn } = await readTimesheetSettings(tx);
  if (weekStartOf(options.weekStart, weekStartsOn) !== options.weekStart) {
    throw new AppError('VALIDATION_ERROR', 'This day does not start a week.');
  }
  const made = await tx.insertInto('timesheet_weeks').values({
    user_id: options.userId, week_start: options.weekStart, status: 'submitted', submitted_at: new Date(),
    submitted_by: options.viewer.id,
  }).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
  if (!made) throw new AppError('EDIT_CONFLICT', WEEK_MESSAGES.alreadySubmitted);
}
