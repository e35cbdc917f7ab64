import { formatUsDate } from '../smart-date.ts';
import { addDays, isoWeekday, weekStartOf } from '../dates/iso-date.ts';

// Weeks that close (issue 25, docs/decisions/088): the firm's week, the statuses of a person's
// week, the lock's words, the timer's rounding and the reminders. Dates are YYYY-MM-DD.

export const WEEK_STATUSES = ['open', 'submitted', 'approved', 'rejected'] as const;
export type WeekStatus = (typeof WEEK_STATUSES)[number];

export const WEEK_STATUS_LABELS: Record<WeekStatus, string> = {
  open: 'Not submitted', submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected',
};

/** ISO day numbers: 1 = Monday … 7 = Sunday. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const TIMER_ROUNDINGS = ['up_0_1', 'nearest_0_1', 'up_0_25'] as const;
export type TimerRounding = (typeof TIMER_ROUNDINGS)[number];
export const TIMER_ROUNDING_LABELS: Record<TimerRounding, string> = {
  up_0_1: 'Up to the next 0.1 hour', nearest_0_1: 'To the nearest 0.1 hour', up_0_25: 'Up to the next 0.25 hour',
};

export const WEEK_MESSAGES = {
  locked: (approvedOn: string) => `This week was approved on ${formatUsDate(approvedOn)} and can no longer be changed.`,
  submitted: (submittedOn: string) =>
    `This week was submitted on ${formatUsDate(submittedOn)}. It can be changed again once it is withdrawn or rejected.`,
  notSubmitted: (weekStart: string) => `Your week of ${formatUsDate(weekStart)} is not submitted`,
  waiting: (count: number) => `${count} ${count === 1 ? 'week waits' : 'weeks wait'} for your approval`,
  rejectNoteRequired: 'Say why the week is rejected.',
  reopenReasonRequired: 'Say why the week is reopened.',
  notSubmittedYet: 'Only a submitted week can be approved or rejected.',
  ownWeek: 'Another approver decides on your own week.',
  notApproved: 'Only an approved week can be reopened.',
  alreadySubmitted: 'This week is already submitted.',
  notWithdrawable: 'Only a submitted week can be withdrawn.',
  timerRunning: (label: string) => `A timer is already running on ${label}. Stop it first.`,
  noTimer: 'No timer is running.',
  pickDay: 'The timer ran past midnight. Choose the day to book it on.',
  emptyWeekdays: (days: string[]) => `No hours on ${days.join(', ')}.`,
  unapprovedTime: 'Only approved time can be billed: some of these hours wait for approval.',
  awaitingApproval: (hours: number) => `${hours} ${hours === 1 ? 'hour waits' : 'hours wait'} for approval and cannot be billed yet.`,
} as const;

/** The seven days of the week starting `weekStart`. */
export const weekDays = (weekStart: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));

/** Whether `iso` falls in the week starting `weekStart`. */
export const inWeek = (iso: string, weekStart: string) => iso >= weekStart && iso <= addDays(weekStart, 6);

/** The sentence a locked week answers with (the server's 409 and the screens' blocked edits). */
export function weekLockMessage(lock: { status: WeekStatus; day: string }): string {
  return lock.status === 'approved' ? WEEK_MESSAGES.locked(lock.day) : WEEK_MESSAGES.submitted(lock.day);
}

/** Reads the database's CBW01 message ('approved 2026-11-23 2026-11-30'). */
export function readWeekLock(message: string): { status: WeekStatus; weekStart: string; day: string } | null {
  const g = /^(submitted|approved) (\d{4}-\d{2}-\d{2}) (\d{4}-\d{2}-\d{2})$/.exec(message.trim());
  return g ? { status: g[1] as WeekStatus, weekStart: g[2]!, day: g[3]! } : null;
}

/** Weekdays (Monday–Friday) of the week with no hours, by name, for the submit summary's warning. */
export function emptyWeekdays(weekStart: string, hoursByDay: Record<string, number>): string[] {
  return weekDays(weekStart)
    .filter((day) => isoWeekday(day) <= 5 && !(hoursByDay[day] ?? 0))
    .map((day) => WEEKDAY_NAMES[isoWeekday(day) - 1]!);
}

/** Hours of a timer that ran `ms` milliseconds, by the firm's rounding; at least one step. */
export function timerHours(ms: number, rounding: TimerRounding): number {
  const step = rounding === 'up_0_25' ? 25 : 10; // hundredths of an hour
  const hundredths = Math.max(0, ms) / 36_000;
  const steps = rounding === 'nearest_0_1' ? Math.round(hundredths / step) : Math.ceil(hundredths / step - 1e-9);
  return Math.min(24, Math.max(1, steps) * step / 100);
}

/** The firm's calendar day of an instant, YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The days a timer may be booked on: its start day and, past midnight, its stop day too. */
export function timerDays(timeZone: string, startedAt: Date, stoppedAt: Date): string[] {
  const start = dayIn(timeZone, startedAt);
  const stop = dayIn(timeZone, stoppedAt);
  return start === stop ? [start] : [start, stop];
}

/**
 * The week the reminder names: last week, from the first day after it, while it is open or
 * rejected; null once it is submitted or approved.
 */
export function reminderWeek(today: string, startsOn: number, lastWeekStatus: WeekStatus): string | null {
  if (lastWeekStatus === 'submitted' || lastWeekStatus === 'approved') return null;
  return addDays(weekStartOf(today, startsOn), -7);
}

/** The key a calendar event's title is remembered by: case and spaces do not matter. */
export const titleKey = (title: string) => title.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Whether an approver may decide on (approve, reject, reopen) a person's week: never on their own,
 * unless no other active approver exists (a firm with one approver would never bill its own time).
 */
export const mayDecideOn = (options: { approverId: string; ownerId: string; otherApprovers: number }) =>
  options.approverId !== options.ownerId || options.otherApprovers === 0;
