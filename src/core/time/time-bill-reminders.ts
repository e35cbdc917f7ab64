import { addDays, isoWeekday, weekStartOf } from '../dates/iso-date.ts';
import { formatUsDate } from '../smart-date.ts';
import { WEEK_MESSAGES } from './weeks.ts';

// Missing-time and bill reminders (issue 41, docs/decisions/134): which week a Monday names, which
// step a past-due bill has reached, and the words of both e-mails. Dates are YYYY-MM-DD.

/** The Monday e-mails go out at this firm-local time. */
export const MISSING_TIME_AT = '09:00';

/** Days past due at which a bill is reminded, in order. */
export const BILL_REMINDER_STEPS = [7, 30, 60] as const;
export type BillReminderStep = (typeof BILL_REMINDER_STEPS)[number];

/**
 * The week a missing-time run names: on a Monday from 9:00 (firm time), the week before the one
 * holding that Monday (by the firm's first day of the week); null any other day or earlier hour.
 */
export function missingTimeWeek(today: string, minutesOfDay: number, weekStartsOn: number): string | null {
  if (isoWeekday(today) !== 1 || minutesOfDay < 9 * 60) return null;
  return addDays(weekStartOf(today, weekStartsOn), -7);
}

/** The one key of a (person, week) reminder: the outbox makes it once, whatever runs it. */
export const missingTimeKey = (userId: string, weekStart: string) => `missing-time:${userId}:${weekStart}`;

/** The e-mail's subject: 'Your week of MM/DD/YYYY is not submitted'. */
export const missingTimeSubject = (weekStart: string) => WEEK_MESSAGES.notSubmitted(weekStart);

export function missingTimeText(options: { name: string; weekStart: string; firmName: string; link: string | null }): string {
  const end = formatUsDate(addDays(options.weekStart, 6));
  return [
    `Hello ${options.name},`,
    '',
    `Your timesheet for the week of ${formatUsDate(options.weekStart)} to ${end} is not submitted yet.`,
    'Please check your hours and submit the week so it can be approved and billed.',
    ...(options.link ? ['', options.link] : []),
    '',
    `${options.firmName}`,
  ].join('\n');
}

/** Whole days from `dueOn` to `today` (0 or less: not past due). */
export function daysPastDue(dueOn: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueOn}T00:00:00Z`)) / 86_400_000);
}

/**
 * The step to remind now: the highest one reached that was not reminded yet, never a lower one after
 * a higher (a bill found 35 days past due is reminded once, at 30, not also at 7). null: none.
 */
export function billReminderStep(days: number, sent: readonly number[]): BillReminderStep | null {
  const reached = BILL_REMINDER_STEPS.filter((step) => days >= step);
  const highest = reached[reached.length - 1];
  if (highest === undefined) return null;
  if (sent.some((step) => step >= highest)) return null;
  return highest;
}

export const billReminderKey = (billId: string, step: number) => `bill-reminder:${billId}:${step}`;

export const billReminderSubject = (options: { firmName: string; number: number; step: number }) =>
  `${options.firmName}: bill ${options.number} is ${options.step} days past due`;

export function billReminderText(options: {
  billToName: string; number: number; dueOn: string; step: number; balance: string; firmName: string;
}): string {
  return [
    `Dear ${options.billToName},`,
    '',
    `Our bill ${options.number}, due on ${formatUsDate(options.dueOn)}, is now ${options.step} days past due.`,
    `The balance due is ${options.balance}. Your statement of account is attached.`,
    'If you have already paid, thank you, and please disregard this reminder.',
    '',
    options.firmName,
  ].join('\n');
}
