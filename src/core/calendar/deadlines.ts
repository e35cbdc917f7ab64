import type { EventPayload } from './calendar-event.ts';
import { countCourtPeriod, type CountDirection, type IsHoliday } from '../dates/court-days.ts';
import { addDays, isoWeekday } from '../dates/iso-date.ts';
import { formatUsDate } from '../smart-date.ts';
import { WEEKDAY_NAMES } from '../time/weeks.ts';

// Case deadlines, their chains and their reminders (issue 41, docs/decisions/132, 133): the words,
// the limits and the rules the server and the screens share. Dates are YYYY-MM-DD.

export const DEADLINE_KINDS = [
  'expert_disclosure', 'rebuttal_disclosure', 'report_due', 'deposition', 'trial', 'discovery_cutoff', 'other',
] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];
export const DEADLINE_KIND_LABELS: Record<DeadlineKind, string> = {
  expert_disclosure: 'Expert disclosure', rebuttal_disclosure: 'Rebuttal disclosure', report_due: 'Report due',
  deposition: 'Deposition', trial: 'Trial', discovery_cutoff: 'Discovery cut-off', other: 'Other',
};

export const DEADLINE_SOURCES = ['court_order', 'rule', 'agreement'] as const;
export type DeadlineSource = (typeof DEADLINE_SOURCES)[number];
export const DEADLINE_SOURCE_LABELS: Record<DeadlineSource, string> = {
  court_order: 'Court order', rule: 'Rule', agreement: 'Agreement',
};

export const DEADLINE_LIMITS = {
  title: 200, notes: 2000, templateName: 120, triggerLabel: 120, stepLabel: 120, steps: 30,
  /** A step counts at most ten years of days. */
  stepDays: 3650,
  /** At most this many reminder steps, each at most a year before the deadline. */
  reminderSteps: 10, reminderDays: 365,
} as const;

/** The days before the deadline each reminder goes, largest first, each once. */
export const normalizeReminderDays = (days: readonly number[]): number[] => [...new Set(days)].sort((a, b) => b - a);

/** A step of a chain template: `days` counted `direction` from the trigger or an earlier step. */
export interface ChainStep {
  /** Names the step within its template (an earlier step's `from` points at it); letters, digits, '-' and '_'. */
  key: string;
  label: string;
  kind: DeadlineKind;
  source: DeadlineSource;
  days: number;
  direction: CountDirection;
  /** 'trigger', or the key of an earlier step. */
  from: string;
}

/** The trigger's own deadline in a case's chain (its step key). */
export const TRIGGER_STEP = 'trigger';

export interface ChainDate {
  key: string;
  /** The day the count lands on: what later steps counted from this one count from. */
  landed: string;
  /** The deadline: a court day (FRCP 6(a)). */
  date: string;
  moved: boolean;
}

/**
 * The dates of a chain for a trigger date. Each step counts its days from the day the count of the
 * step it follows landed on (the trigger's date for the first), and only its own last day is moved
 * to a court day (forward for 'after', backward for 'before'): a move never ripples down the chain,
 * so every date depends on the trigger alone (docs/decisions/132). Steps must come after the step
 * they follow (chainProblem says so).
 */
export function computeChain(triggerDate: string, steps: readonly ChainStep[], isHoliday: IsHoliday): ChainDate[] {
  const landed = new Map<string, string>([[TRIGGER_STEP, triggerDate]]);
  return steps.map((step) => {
    const base = landed.get(step.from);
    if (base === undefined) throw new Error(`step ${step.key} follows ${step.from}, which does not come before it`);
    const counted = countCourtPeriod(base, step.days, step.direction, isHoliday);
    landed.set(step.key, counted.landed);
    return { key: step.key, ...counted };
  });
}

/** What is wrong with a template's steps, as a field path under `steps` and words; null when nothing. */
export function chainProblem(steps: readonly Pick<ChainStep, 'key' | 'from'>[]): { path: string; message: string } | null {
  const seen = new Set<string>([TRIGGER_STEP]);
  for (const [i, step] of steps.entries()) {
    if (seen.has(step.key)) {
      return { path: `steps/${i}/key`, message: step.key === TRIGGER_STEP ? `A step cannot be named "${TRIGGER_STEP}"` : 'Two steps have the same key' };
    }
    if (!seen.has(step.from)) return { path: `steps/${i}/from`, message: 'A step counts from the trigger or from a step above it' };
    seen.add(step.key);
  }
  return null;
}

/** "Wednesday 11/11/2026". */
export const longDate = (iso: string): string => `${WEEKDAY_NAMES[isoWeekday(iso) - 1]} ${formatUsDate(iso)}`;

/** How far a deadline is from today, in words: 'today', 'tomorrow', 'in 7 days', 'yesterday', '3 days ago'. */
export function daysLeftText(due: string, today: string): string {
  const n = Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (n === 0) return 'today';
  if (n === 1) return 'tomorrow';
  if (n === -1) return 'yesterday';
  return n > 0 ? `in ${n} days` : `${-n} days ago`;
}

/** What a step does, in words: '90 days before Trial date', '30 days after Expert disclosure'. */
export function stepRuleText(step: Pick<ChainStep, 'days' | 'direction' | 'from'>, nameOf: (key: string) => string): string {
  return `${step.days} ${step.days === 1 ? 'day' : 'days'} ${step.direction} ${nameOf(step.from)}`;
}

export const DEADLINE_MESSAGES = {
  setByHand: 'Set by hand',
  setByHandHint: (chainDate: string) => `The chain gives ${formatUsDate(chainDate)}; moving the trigger leaves this date as it is.`,
  moved: (landed: string, reason: string, date: string) =>
    `Counted to ${formatUsDate(landed)}, ${reason}: moved to ${formatUsDate(date)} (FRCP 6(a)).`,
  noTrigger: 'A chain needs a trigger date.',
  emptyTemplate: 'A chain needs at least one step.',
  triggerDateHint: 'Change the trigger date to move every date of the chain that was not set by hand.',
  reminderSubject: (title: string, fileNumber: string, due: string, today: string) =>
    `Deadline ${daysLeftText(due, today)}: ${title}, case ${fileNumber} (${longDate(due)})`,
} as const;

export interface ReminderFacts {
  title: string;
  kind: DeadlineKind;
  source: DeadlineSource;
  dueDate: string;
  today: string;
  fileNumber: string;
  caseName: string | null;
  clientName: string;
  notes: string;
  assigneeName: string;
  firmName: string;
  /** The case's page, when the server knows its own address. */
  caseUrl: string | null;
}

/** The reminder e-mail's text, as its receiver reads it. */
export function reminderText(f: ReminderFacts): string {
  const caseLine = `${f.fileNumber}${f.caseName ? ` — ${f.caseName}` : ''} (${f.clientName})`;
  return [
    `${f.assigneeName},`,
    '',
    `${f.title} is due ${daysLeftText(f.dueDate, f.today)}: ${longDate(f.dueDate)}.`,
    '',
    `Case: ${caseLine}`,
    `Kind: ${DEADLINE_KIND_LABELS[f.kind]}`,
    `Source: ${DEADLINE_SOURCE_LABELS[f.source]}`,
    ...(f.notes.trim() ? [`Notes: ${f.notes.trim()}`] : []),
    ...(f.caseUrl ? ['', `Open the case: ${f.caseUrl}`] : []),
    '',
    `— Casebook, ${f.firmName}`,
    '',
  ].join('\n');
}

/** A deadline as a calendar event (Google and the private feed): all day on its date, a reminder at 9:00 the day before. */
export function deadlineEventPayload(d: {
  title: string; kind: DeadlineKind; source: DeadlineSource; dueDate: string; fileNumber: string; caseName: string | null;
  clientName: string; assigneeName: string; notes: string; setByHand: boolean;
}): EventPayload {
  const lines = [
    `Case: ${d.fileNumber}${d.caseName ? ` — ${d.caseName}` : ''}`,
    `Client: ${d.clientName.trim() || 'N/A'}`,
    `Assignee: ${d.assigneeName.trim() || 'Unassigned'}`,
    `Kind: ${DEADLINE_KIND_LABELS[d.kind]}`,
    `Source: ${DEADLINE_SOURCE_LABELS[d.source]}${d.setByHand ? ` (${DEADLINE_MESSAGES.setByHand})` : ''}`,
  ];
  const notes = d.notes.trim();
  return {
    summary: `${d.title} — ${d.fileNumber}`,
    description: [lines.join('\n'), ...(notes ? [notes] : []), 'Deadline synced from Casebook'].join('\n\n'),
    start: { date: d.dueDate },
    end: { date: addDays(d.dueDate, 1) },
    // 15 hours before the day begins: 9:00 the day before.
    reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 15 * 60 }] },
  };
}
