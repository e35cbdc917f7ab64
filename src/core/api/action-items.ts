import { z } from 'zod';
import { meetingUrlProblem } from '../action-items.ts';
import { ACTION_ITEM_LIMITS } from '../limits.ts';
import { rule, ZStoredDate, ZText } from './common.ts';

// HTTP contract of action items (SPEC §3 "Action item as used in the interface", §7 action_items).

export const STATUS_MESSAGE = 'Invalid status value. Please ensure the status is "open", "completed", or "closed".';

export const ZUiStatus = z.enum(['open', 'completed', 'closed'], { error: STATUS_MESSAGE });

/** The structured address object of SPEC §3, kept as given by the address component. */
export const ZLocationAddress = z.record(z.string(), z.unknown());

export const ZActionItem = z.object({
  id: z.string(),
  project_id: z.string(),
  status: ZUiStatus,
  archived: z.boolean(),
  assignee: z.string(),
  assigneeName: z.string(),
  shortDescription: z.string(),
  longDescription: z.string(),
  /** MM/DD/YYYY or ''. */
  dueDate: z.string(),
  /** Column text: N/A, 'Until X', a start, or 'start - end'. */
  time: z.string(),
  dateCompleted: z.string(),
  gcalSynced: z.boolean(),
  gcalEventId: z.string().nullable(),
  /** The item's sync toggle (synced_to_calendar): its event is kept up to date while on. */
  calendarSync: z.boolean(),
  clientName: z.string(),
  clientId: z.string().nullable(),
  // Beyond the SPEC §3 shape: what the edit form needs.
  projectLabel: z.string(),
  /** HH:MM:00 or ''. */
  startTime: z.string(),
  endTime: z.string(),
  location: z.string(),
  locationAddress: ZLocationAddress.nullable(),
  url: z.string(),
  version: z.number().int(),
});
export type TActionItem = z.infer<typeof ZActionItem>;

/** The project as the card uses it (SPEC §3 "Project as used by the card"). */
export const ZCardProject = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  client: z.string(),
  clientId: z.string(),
  isBusinessClient: z.boolean(),
  clientContact: z.string(),
  attorneyName: z.string(),
});
export type TCardProject = z.infer<typeof ZCardProject>;

export const ZActionItemListQuery = z.object({ projectId: z.uuid().optional() });
export const ZActionItemList = z.object({
  items: z.array(ZActionItem),
  /** Present when the list is for one project. */
  project: ZCardProject.nullable(),
});
export type TActionItemList = z.infer<typeof ZActionItemList>;

const time = z.union([z.literal(''), z.iso.time({ precision: -1, error: 'Invalid time format' }), z.iso.time({ precision: 0, error: 'Invalid time format' })]);

/**
 * Editable fields, as the form sends them. Dates are YYYY-MM-DD (real calendar dates), times
 * HH:MM or HH:MM:SS. No defaults here: a partial update must leave unsent fields alone.
 */
const ZFields = z.object({
  assignee: z.uuid({ error: 'Assignee is required' }),
  shortDescription: ZText(ACTION_ITEM_LIMITS.shortDescription).min(1, 'Short description is required'),
  longDescription: ZText(ACTION_ITEM_LIMITS.longDescription, { trim: false }),
  dueDate: ZStoredDate,
  startTime: time,
  endTime: time,
  location: ZText(ACTION_ITEM_LIMITS.location, { trim: false }),
  locationAddress: ZLocationAddress.nullable(),
  url: ZText(ACTION_ITEM_LIMITS.url).superRefine(rule(meetingUrlProblem)),
  /** Sync On/Off of the form; turning it off on a synced item goes through Remove or Unlink instead. */
  calendarSync: z.boolean(),
});

export const ZActionItemCreate = ZFields.extend({
  longDescription: ZFields.shape.longDescription.default(''),
  startTime: time.default(''),
  endTime: time.default(''),
  location: ZFields.shape.location.default(''),
  locationAddress: ZFields.shape.locationAddress.default(null),
  url: ZFields.shape.url.default(''),
  calendarSync: ZFields.shape.calendarSync.default(false),
  /** Made by the browser so a retried save never duplicates (23505 → 'This action item already exists.'). */
  id: z.uuid().optional(),
  projectId: z.uuid({ error: 'Please select a project' }),
});
export type TActionItemCreate = z.input<typeof ZActionItemCreate>;

export const ZActionItemUpdate = ZFields.partial().extend({
  version: z.number().int().positive(),
  status: ZUiStatus.optional(),
  archived: z.boolean().optional(),
  /** MM/DD/YYYY from the browser's clock (the spec's "today's formatted date"). */
  dateCompleted: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Invalid date format').optional(),
});
export type TActionItemUpdate = z.input<typeof ZActionItemUpdate>;

export const ZAssignableUser = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: z.string(),
  name: z.string(),
});
export type TAssignableUser = z.infer<typeof ZAssignableUser>;
export const ZAssignableUsers = z.object({ users: z.array(ZAssignableUser) });

/** One Server-Sent Event on /api/action-items/events (the NOTIFY payload). */
export const ZActionItemEvent = z.object({
  op: z.enum(['insert', 'update', 'delete']),
  id: z.string(),
  project_id: z.string(),
});
export type TActionItemEvent = z.infer<typeof ZActionItemEvent>;
export const ZEventsQuery = z.object({ projectId: z.uuid().optional() });
