import { z } from 'zod';
import { DEADLINE_KINDS, DEADLINE_LIMITS, DEADLINE_SOURCES, TRIGGER_STEP, chainProblem } from '../calendar/deadlines.ts';
import { tooLongMessage } from '../limits.ts';
import { ZStoredDate } from './common.ts';

// HTTP contract of case deadlines, deadline chains and their reminders (issue 41, docs/decisions/132,
// 133). Reads: any signed-in user. Writes: admins and super admins, as every case write; the chain
// templates and the reminder steps are Settings → Deadlines (admins).

export const ZDeadlineKind = z.enum(DEADLINE_KINDS, { error: 'Kind must be one of the listed kinds' });
export const ZDeadlineSource = z.enum(DEADLINE_SOURCES, { error: 'Source must be court order, rule or agreement' });
const ZDirection = z.enum(['before', 'after'], { error: 'Count before or after' });

const limited = (label: string, max: number) => z.string().trim()
  .max(max, { error: (issue) => tooLongMessage(label, String(issue.input ?? '').length, max) });
const required = (label: string, max: number) => limited(label, max).min(1, `${label} is required`);

export const ZDeadlineInput = z.object({
  /** What the deadline is called on the case ('Expert disclosure — plaintiff'); empty: the kind's name. */
  title: limited('Title', DEADLINE_LIMITS.title).default(''),
  kind: ZDeadlineKind,
  source: ZDeadlineSource,
  dueDate: ZStoredDate,
  assigneeId: z.guid().nullable().default(null),
  notes: limited('Notes', DEADLINE_LIMITS.notes).default(''),
});
export type TDeadlineInput = z.output<typeof ZDeadlineInput>;
export const ZDeadlineUpdate = z.object({ version: z.number().int() }).and(ZDeadlineInput);
export type TDeadlineUpdate = z.output<typeof ZDeadlineUpdate>;

export const ZDeadline = z.object({
  id: z.string(),
  caseId: z.string(),
  title: z.string(),
  kind: ZDeadlineKind,
  source: ZDeadlineSource,
  dueDate: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  notes: z.string(),
  /** The chain it belongs to, and its step there ('trigger' for the trigger's own date); null for one added by hand. */
  chainId: z.string().nullable(),
  chainStep: z.string().nullable(),
  /** The date the chain gives it (a court day); null outside a chain. */
  chainDate: z.string().nullable(),
  /** The day the chain's count landed on, when the court was closed that day and the date moved; else null. */
  landedOn: z.string().nullable(),
  /** Why it moved ('Veterans Day', 'a Saturday'); null when it did not. */
  movedBecause: z.string().nullable(),
  /** A chain's date changed by hand: moving the trigger leaves it. */
  setByHand: z.boolean(),
  version: z.number().int(),
});
export type TDeadline = z.infer<typeof ZDeadline>;

const ZStepKey = z.string().trim().min(1, 'A step needs a key').max(40, 'A step key is at most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'A step key is letters, digits, - and _');

export const ZChainStep = z.object({
  key: ZStepKey,
  label: required('Step name', DEADLINE_LIMITS.stepLabel),
  kind: ZDeadlineKind,
  source: ZDeadlineSource.default('rule'),
  days: z.number({ error: 'Days must be a whole number' }).int('Days must be a whole number').min(0, 'Days cannot be negative')
    .max(DEADLINE_LIMITS.stepDays, `At most ${DEADLINE_LIMITS.stepDays} days`),
  direction: ZDirection,
  /** 'trigger', or the key of a step above this one. */
  from: z.string().trim().min(1).max(40).default(TRIGGER_STEP),
});
export type TChainStep = z.output<typeof ZChainStep>;

export const ZChainTemplateInput = z.object({
  name: required('Name', DEADLINE_LIMITS.templateName),
  triggerLabel: required('Trigger', DEADLINE_LIMITS.triggerLabel),
  triggerKind: ZDeadlineKind,
  steps: z.array(ZChainStep).min(1, 'A chain needs at least one step').max(DEADLINE_LIMITS.steps, `At most ${DEADLINE_LIMITS.steps} steps`),
}).superRefine((t, ctx) => {
  const problem = chainProblem(t.steps);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path.split('/').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) });
});
export type TChainTemplateInput = z.output<typeof ZChainTemplateInput>;
export const ZChainTemplateUpdate = z.object({ version: z.number().int() }).and(ZChainTemplateInput);

export const ZChainTemplate = z.object({
  id: z.string(),
  name: z.string(),
  triggerLabel: z.string(),
  triggerKind: ZDeadlineKind,
  steps: z.array(ZChainStep),
  version: z.number().int(),
});
export type TChainTemplate = z.infer<typeof ZChainTemplate>;
export const ZChainTemplateList = z.object({ templates: z.array(ZChainTemplate) });

/** A chain applied to a case: the template's steps as they were when applied, and the trigger's date. */
export const ZCaseChain = z.object({
  id: z.string(),
  caseId: z.string(),
  templateId: z.string().nullable(),
  name: z.string(),
  triggerLabel: z.string(),
  triggerKind: ZDeadlineKind,
  triggerDate: z.string(),
  steps: z.array(ZChainStep),
  version: z.number().int(),
});
export type TCaseChain = z.infer<typeof ZCaseChain>;

/** Every answer about a case's deadlines: all of them by date, and its chains. */
export const ZCaseDeadlines = z.object({
  deadlines: z.array(ZDeadline),
  chains: z.array(ZCaseChain),
});
export type TCaseDeadlines = z.infer<typeof ZCaseDeadlines>;

export const ZApplyChainBody = z.object({
  templateId: z.guid({ error: 'Choose a chain' }),
  triggerDate: ZStoredDate,
  /** Who every deadline of the chain is assigned to (each can be changed after). */
  assigneeId: z.guid().nullable().default(null),
});
export const ZMoveTriggerBody = z.object({ triggerDate: ZStoredDate, version: z.number().int() });

export const ZDeadlineParams = z.object({ id: z.guid() });
export const ZCaseParams = z.object({ id: z.guid() });

export const ZUpcomingDeadline = z.object({
  id: z.string(),
  caseId: z.string(),
  fileNumber: z.string(),
  caseName: z.string().nullable(),
  title: z.string(),
  kind: ZDeadlineKind,
  dueDate: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  setByHand: z.boolean(),
});
/** The dashboard: every deadline from today through the 14th day after, by date. */
export const ZUpcomingDeadlines = z.object({ from: z.string(), to: z.string(), deadlines: z.array(ZUpcomingDeadline) });
export type TUpcomingDeadlines = z.infer<typeof ZUpcomingDeadlines>;

/** A reminder shown in the app to its receiver until dismissed or the deadline passes. */
export const ZDeadlineReminder = z.object({
  id: z.string(),
  deadlineId: z.string(),
  caseId: z.string(),
  fileNumber: z.string(),
  title: z.string(),
  dueDate: z.string(),
  /** The step it was sent for: days before the deadline. */
  days: z.number().int(),
  sentAt: z.string(),
});
export const ZDeadlineReminders = z.object({ reminders: z.array(ZDeadlineReminder) });
export type TDeadlineReminders = z.infer<typeof ZDeadlineReminders>;

/** Settings → Deadlines: the days before a deadline its reminders go. */
export const ZReminderSettings = z.object({
  reminderDays: z.array(z.number().int()),
  version: z.number().int(),
});
export type TReminderSettings = z.infer<typeof ZReminderSettings>;
export const ZReminderSettingsBody = z.object({
  reminderDays: z.array(z.number({ error: 'Each step is a number of days' }).int('Each step is a whole number of days')
    .min(0, 'A step cannot be after the deadline').max(DEADLINE_LIMITS.reminderDays, `A step is at most ${DEADLINE_LIMITS.reminderDays} days before`))
    .max(DEADLINE_LIMITS.reminderSteps, `At most ${DEADLINE_LIMITS.reminderSteps} steps`),
  version: z.number().int(),
});

/** The people a deadline can be assigned to: active users. */
export const ZAssignableUsers = z.object({ users: z.array(z.object({ id: z.string(), name: z.string() })) });
export type TAssignableUsers = z.infer<typeof ZAssignableUsers>;
