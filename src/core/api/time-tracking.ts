import { z } from 'zod';
import { INITIALS_MAX } from '../constants.ts';
import { WEEK_STATUSES } from '../time/weeks.ts';
import { ZAmount, ZHours, ZStoredDate } from './common.ts';

// Time and expense entries (SPEC §2, §3, §4). Money (rate, cost, totals) exists only in the
// *Costed* schemas, which the server uses for super admins alone: anyone else's responses are
// serialised through schemas that cannot carry a money field.

const ZInitials = z.string().trim().max(INITIALS_MAX, `Initials may have at most ${INITIALS_MAX} characters`);

export const ZEntryIdParams = z.object({ id: z.uuid() });
export const ZProjectIdParams = z.object({ projectId: z.uuid() });
export const ZDeleteQuery = z.object({ version: z.coerce.number().int().positive().optional() });

export const ZTimeEntryBody = z.object({
  projectId: z.uuid(),
  entryDate: ZStoredDate,
  jobType: z.string().trim().min(1, 'Job title is required').max(200),
  hours: ZHours,
  initials: ZInitials.default(''),
  workDetails: z.string().max(200).default(''),
  description: z.string().max(5000).default(''),
  /** Absent on a create; the version last seen on an update. */
  version: z.number().int().positive().optional(),
  /** Whose time a new entry is (issue 25): absent means the signed-in user; another person's only for admins. */
  userId: z.uuid().optional(),
});
export type TTimeEntryBody = z.input<typeof ZTimeEntryBody>;

export const ZExpenseEntryBody = z.object({
  projectId: z.uuid(),
  entryDate: ZStoredDate,
  expenseType: z.string().trim().min(1, 'Expense type is required').max(200),
  amount: ZAmount(10_000_000),
  initials: ZInitials.default(''),
  description: z.string().max(5000).default(''),
  version: z.number().int().positive().optional(),
});
export type TExpenseEntryBody = z.input<typeof ZExpenseEntryBody>;

const entryCommon = {
  id: z.string(),
  projectId: z.string(),
  entryDate: z.string(),
  initials: z.string(),
  description: z.string(),
  createdBy: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  /** The issued bill the entry is on; such an entry is read-only (issue 11). */
  billNumber: z.number().int().nullable(),
};

export const ZTimeEntry = z.object({
  ...entryCommon,
  jobType: z.string(),
  hours: z.number(),
  workDetails: z.string(),
  /** Whose time it is (the timesheet's person). */
  userId: z.string(),
  /**
   * The entry's week when it is not simply open (issue 25): its status, and the sentence a blocked
   * change shows while the week is submitted or approved. Absent for an open week.
   */
  week: z.object({ status: z.enum(WEEK_STATUSES), lockMessage: z.string().nullable() }).optional(),
});
export type TTimeEntry = z.infer<typeof ZTimeEntry>;

/** Super admins only: the rate stored at save and cost = hours × rate. */
export const ZTimeEntryCosted = ZTimeEntry.extend({ rate: z.number().nullable(), cost: z.number().nullable() });
export type TTimeEntryCosted = z.infer<typeof ZTimeEntryCosted>;

export const ZExpenseEntry = z.object({ ...entryCommon, expenseType: z.string(), amount: z.number() });
export type TExpenseEntry = z.infer<typeof ZExpenseEntry>;

export const ZTimeEntryResponse = z.discriminatedUnion('money', [
  z.object({ money: z.literal(false), entry: ZTimeEntry }),
  z.object({ money: z.literal(true), entry: ZTimeEntryCosted }),
]);
export type TTimeEntryResponse = z.infer<typeof ZTimeEntryResponse>;

export const ZExpenseEntryResponse = z.object({ entry: ZExpenseEntry });

export const ZTrackedProject = z.object({
  id: z.string(),
  projectNumber: z.string(),
  projectName: z.string(),
  fileNumber: z.string(),
  clientName: z.string(),
  label: z.string(),
});
export type TTrackedProject = z.infer<typeof ZTrackedProject>;

const projectEntriesCommon = {
  project: ZTrackedProject,
  /** Active job types of the case's rate code, by name (SPEC §7 Job titles). */
  jobTitles: z.array(z.string()),
  expenseEntries: z.array(ZExpenseEntry),
  /** The names of the people who entered the listed entries, by id: a row someone may not change says who (issue 28). */
  enteredBy: z.record(z.string(), z.string()),
};

export const ZProjectEntriesResponse = z.discriminatedUnion('money', [
  z.object({ money: z.literal(false), ...projectEntriesCommon, timeEntries: z.array(ZTimeEntry) }),
  z.object({ money: z.literal(true), ...projectEntriesCommon, timeEntries: z.array(ZTimeEntryCosted) }),
]);
export type TProjectEntriesResponse = z.infer<typeof ZProjectEntriesResponse>;

/** Body of a 409 EDIT_CONFLICT on an entry: error.details.current, in the caller's view. */
