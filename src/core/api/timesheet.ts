import { z } from 'zod';
import { TIMER_ROUNDINGS, WEEK_STATUSES } from '../time/weeks.ts';
import { ZHours, ZStoredDate, ZText } from './common.ts';
import { ZTimeEntry } from './time-tracking.ts';

// Weeks that close (issue 25, docs/decisions/088): the weekly timesheet, the timer, the day's
// calendar as time, and submit → approve → lock. No money anywhere here, for any role: cells
// save through PUT /api/time-entries/:id (the existing auto-save protocol).

export const ZWeekStatus = z.enum(WEEK_STATUSES);
export const ZTimerRounding = z.enum(TIMER_ROUNDINGS);

/** Whose week: absent means the signed-in user; another person's only for admins and super admins. */
const person = { userId: z.uuid().optional() };
/** Any day of the week (the server finds its first day); absent means today. */
const weekOf = { week: ZStoredDate.optional() };
/** The first day of a week, as the timesheet answered it. */
const weekStart = { weekStart: ZStoredDate };

// GET /api/timesheet?week=&userId=
export const ZTimesheetQuery = z.object({ ...weekOf, ...person });

export const ZWeekState = z.object({
  status: ZWeekStatus,
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Who approved, rejected or reopened it last. */
  decidedByName: z.string().nullable(),
  approvedOn: z.string().nullable(),
  /** The approver's note on a rejection, or the reason of a reopening. */
  note: z.string(),
  /** The sentence every blocked change shows (weekLockMessage), or null when the week may change. */
  lockMessage: z.string().nullable(),
  version: z.number().int(),
});
export type TWeekState = z.infer<typeof ZWeekState>;

export const ZTimesheetRow = z.object({
  projectId: z.string(),
  projectLabel: z.string(),
  clientName: z.string(),
  jobType: z.string(),
  /** The seven days' entries, Monday (or the firm's first day) first; a cell holds 0, 1 or several. */
  cells: z.array(z.object({ date: z.string(), entries: z.array(ZTimeEntry) })).length(7),
  /** A row kept without hours (added or copied); it can be removed while it is empty. */
  kept: z.boolean(),
});
export type TTimesheetRow = z.infer<typeof ZTimesheetRow>;

export const ZTimesheet = z.object({
  person: z.object({ id: z.string(), name: z.string(), initials: z.string() }),
  weekStart: z.string(),
  days: z.array(z.string()).length(7),
  /** The firm's first day of the week, 1 = Monday … 7 = Sunday. */
  weekStartsOn: z.number().int(),
  week: ZWeekState,
  rows: z.array(ZTimesheetRow),
  /** The viewer is an approver (admin or super admin): opens anyone's week. */
  mayApprove: z.boolean(),
  /** The viewer may approve, reject and reopen this week: an approver, and not their own while another approver exists. */
  mayDecide: z.boolean(),
});
export type TTimesheet = z.infer<typeof ZTimesheet>;

// POST /api/timesheet/rows, DELETE /api/timesheet/rows (body)
export const ZTimesheetRowBody = z.object({ ...person, ...weekStart, projectId: z.uuid(), jobType: ZText(200).min(1, 'Job title is required') });
export type TTimesheetRowBody = z.input<typeof ZTimesheetRowBody>;

// POST /api/timesheet/copy-last-week: the rows (projects × job titles) of the week before, no hours.
export const ZCopyWeekBody = z.object({ ...person, ...weekStart });
export const ZCopyWeekResult = z.object({ added: z.number().int() });

// GET /api/timesheet/job-titles?projectId=
export const ZJobTitlesQuery = z.object({ projectId: z.uuid() });
export const ZJobTitles = z.object({ jobTitles: z.array(z.string()) });

// POST /api/timesheet/weeks/{submit,withdraw,approve,reject,reopen}
export const ZWeekActionBody = z.object({ ...person, ...weekStart, version: z.number().int().optional() });
export type TWeekActionBody = z.input<typeof ZWeekActionBody>;
export const ZWeekDecisionBody = ZWeekActionBody.extend({ note: ZText(2000).default('') });
export type TWeekDecisionBody = z.input<typeof ZWeekDecisionBody>;

// GET /api/timesheet/approvals?week= (approvers only)
export const ZApprovalsQuery = z.object(weekOf);
export const ZApprovalPerson = z.object({
  userId: z.string(),
  name: z.string(),
  status: ZWeekStatus,
  submittedAt: z.string().nullable(),
  hoursByDay: z.array(z.number()).length(7),
  total: z.number(),
});
export const ZApprovals = z.object({
  weekStart: z.string(),
  days: z.array(z.string()).length(7),
  /** Every active staff member, for the chosen week: who has not submitted, who waits, who is done. */
  people: z.array(ZApprovalPerson),
  /** Submitted weeks of any date waiting for a decision, oldest first. */
  waiting: z.array(z.object({ userId: z.string(), name: z.string(), weekStart: z.string(), total: z.number() })),
  /** The approver's own weeks are decided by another approver (src/core/time/weeks.ts mayDecideOn): false then. */
  mayDecideOwn: z.boolean(),
});
export type TApprovals = z.infer<typeof ZApprovals>;

// Timer: GET /api/timer, POST /api/timer/start, POST /api/timer/stop, DELETE /api/timer
export const ZTimer = z.object({
  projectId: z.string(),
  projectLabel: z.string(),
  jobType: z.string(),
  description: z.string(),
  startedAt: z.string(),
});
export type TTimer = z.infer<typeof ZTimer>;
export const ZTimerState = z.object({ timer: ZTimer.nullable(), serverNow: z.string() });
export type TTimerState = z.infer<typeof ZTimerState>;
export const ZTimerStartBody = z.object({ projectId: z.uuid(), jobType: ZText(200).min(1, 'Job title is required'), description: ZText(5000).default('') });
export type TTimerStartBody = z.input<typeof ZTimerStartBody>;
/** entryId is made by the browser (a retried stop books once); day only when the timer ran past midnight. */
export const ZTimerStopBody = z.object({ entryId: z.uuid(), day: ZStoredDate.optional() });
export type TTimerStopBody = z.input<typeof ZTimerStopBody>;
export const ZTimerStopResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('booked'), entry: ZTimeEntry }),
  /** Past midnight: nothing is booked until the person picks one of these days. */
  z.object({ status: z.literal('pick-day'), days: z.array(z.string()), hours: z.number() }),
]);
export type TTimerStopResult = z.infer<typeof ZTimerStopResult>;

// The day's calendar as time: GET /api/timesheet/day?date=&userId=
export const ZDayQuery = z.object({ date: ZStoredDate, ...person });
const ZSuggestion = z.object({
  /** 'action_item:<id>:<date>' or 'google:<event id>': the entry's source once entered. */
  source: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  hours: z.number(),
  /** The action item's project, or the project remembered for an event of the same title. */
  projectId: z.string().nullable(),
  projectLabel: z.string().nullable(),
  jobType: z.string().nullable(),
  /** Already turned into time (the entry's id). */
  entryId: z.string().nullable(),
});
export type TSuggestion = z.infer<typeof ZSuggestion>;
export const ZDay = z.object({
  date: z.string(),
  actionItems: z.array(ZSuggestion),
  events: z.array(ZSuggestion),
  /** Google Calendar: connected and read, not connected, or read failed (the reason in words). */
  calendar: z.discriminatedUnion('state', [
    z.object({ state: z.literal('connected') }),
    z.object({ state: z.literal('not-connected') }),
    z.object({ state: z.literal('failed'), message: z.string() }),
  ]),
});
export type TDay = z.infer<typeof ZDay>;

// POST /api/timesheet/day/accept: one click makes one entry (idempotent by entryId and source).
export const ZAcceptSuggestionBody = z.object({
  ...person,
  entryId: z.uuid(),
  source: z.string().regex(/^(action_item:[0-9a-f-]{36}:\d{4}-\d{2}-\d{2}|google:[\w@.-]{1,1024})$/, 'Unknown suggestion'),
  date: ZStoredDate,
  projectId: z.uuid(),
  jobType: ZText(200).min(1, 'Job title is required'),
  hours: ZHours.refine((h) => h > 0, 'Hours must be above 0'),
  title: ZText(5000),
});
export type TAcceptSuggestionBody = z.input<typeof ZAcceptSuggestionBody>;
export const ZAcceptSuggestionResult = z.object({ entry: ZTimeEntry });

// GET/PUT /api/settings/timesheets (read by everyone signed in, changed by admins; the PUT body is the same, with its version)
export const ZTimesheetSettings = z.object({
  weekStartsOn: z.number().int().min(1).max(7),
  billingRequiresApproval: z.boolean(),
  timerRounding: ZTimerRounding,
  version: z.number().int(),
});
export type TTimesheetSettings = z.infer<typeof ZTimesheetSettings>;
