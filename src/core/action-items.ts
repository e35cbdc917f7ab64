import { toIsoDate, todayUs } from './smart-date.ts';

export type UiStatus = 'open' | 'completed' | 'closed';
export type DbStatus = 'pending' | 'completed' | 'cancelled';
export type StatusClass = 'active' | 'complete' | 'rejected';
export type StatusFilter = 'active' | 'open' | 'completed' | 'closed' | 'archived' | 'all';
export type SortKey = 'assignee' | 'dueDate' | 'status' | 'dateCompleted';
export type SortDirection = 'asc' | 'desc';

export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

/** `assignee` is an assignee id or 'all'. */
export interface ActionItemFilter {
  status: StatusFilter;
  assignee: string;
}

/** An action item as the interface uses it (SPEC §3); dates are MM/DD/YYYY or ''. */
export interface UiActionItem {
  id: string;
  project_id: string;
  status: UiStatus;
  archived: boolean;
  /** Assigned user id, '' when unassigned. */
  assignee: string;
  assigneeName: string;
  shortDescription: string;
  longDescription: string;
  dueDate: string;
  time: string;
  dateCompleted: string;
  gcalSynced: boolean;
  gcalEventId: string | null;
  clientName: string;
  clientId: string | null;
}

export const DEFAULT_SORT: SortState = { key: 'dueDate', direction: 'asc' };
export const DEFAULT_FILTER: ActionItemFilter = { status: 'active', assignee: 'all' };

export const STATUS_LABELS: Record<UiStatus, string> = { open: 'Open', completed: 'Completed', closed: 'Closed' };

export const STATUS_FILTER_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'open', label: 'Open' },
  { value: 'completed', label: 'Completed' },
  { value: 'closed', label: 'Closed' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

export function toUiStatus(db: string): UiStatus {
  if (db === 'completed') return 'completed';
  if (db === 'cancelled') return 'closed';
  return 'open';
}

export function toDbStatus(ui: string): DbStatus {
  if (ui === 'completed') return 'completed';
  if (ui === 'closed') return 'cancelled';
  return 'pending';
}

export function statusClass(ui: string): StatusClass {
  if (ui === 'completed') return 'complete';
  if (ui === 'closed') return 'rejected';
  return 'active';
}

/** Completed column: the completion date, N/A for closed items, blank for open ones. */
export function completedText(item: Pick<UiActionItem, 'status' | 'dateCompleted'>): string {
  if (item.status === 'completed') return item.dateCompleted;
  if (item.status === 'closed') return 'N/A';
  return '';
}

/** A status change from the menu: completing stamps today, reopening clears, closing keeps. */
export function withStatus<T extends Pick<UiActionItem, 'status' | 'dateCompleted'>>(item: T, status: UiStatus, today: Date): T {
  if (status === 'completed') return { ...item, status, dateCompleted: todayUs(today) };
  if (status === 'open') return { ...item, status, dateCompleted: '' };
  return { ...item, status };
}

function matchesStatus(item: Pick<UiActionItem, 'status' | 'archived'>, status: StatusFilter): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'archived':
      return item.archived;
    case 'active':
      return !item.archived;
    default:
      return !item.archived && item.status === status;
  }
}

export function filterActionItems<T extends Pick<UiActionItem, 'status' | 'archived' | 'assignee'>>(
  items: readonly T[],
  filter: ActionItemFilter,
): T[] {
  return items.filter(
    (item) => matchesStatus(item, filter.status) && (filter.assignee === 'all' || item.assignee === filter.assignee),
  );
}

type Sortable = Pick<UiActionItem, 'assigneeName' | 'dueDate' | 'status' | 'dateCompleted'>;

// null marks an empty value; empties stay at the bottom whichever way the column is sorted.
function sortValue(item: Sortable, key: SortKey): string | null {
  switch (key) {
    case 'assignee':
      return item.assigneeName.trim() || null;
    case 'status':
      return item.status;
    default:
      // ISO form compares correctly as text; unreadable dates count as empty.
      return toIsoDate(item[key]);
  }
}

const NAME_ORDER = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * A sorted copy; statuses compare as text (closed, completed, open), names ignore case. Each
 * item's sort value is read once, not once per comparison (1,000 items sort in a few ms).
 */
export function sortActionItems<T extends Sortable>(items: readonly T[], key: SortKey, direction: SortDirection): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = key === 'assignee' ? NAME_ORDER.compare : (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return items
    .map((item) => ({ item, value: sortValue(item, key) }))
    .sort((a, b) => {
      const x = a.value;
      const y = b.value;
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return sign * compare(x, y);
    })
    .map((entry) => entry.item);
}

/** Clicking the active column flips its direction; another column starts ascending. */
export function nextSort(current: SortState, clicked: SortKey): SortState {
  if (current.key !== clicked) return { key: clicked, direction: 'asc' };
  return { key: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

export function emptyMessage(status: string): string {
  if (status === 'archived') return 'No archived action items found.';
  if (status === 'active') return 'No active action items found.';
  return 'No action items found with the selected filters.';
}

// ---- The action item form (SPEC §2 Action item form, §5 submit errors) --------------------

export const FORM_MESSAGES = {
  client: 'Client is required',
  project: 'Please select a project',
  assignee: 'Assignee is required',
  shortDescription: 'Short description is required',
  date: 'Date is required',
  invalidDate: 'Please enter a valid date',
  endTime: 'End time is required when start time is specified',
  url: 'Meeting URL must start with http:// or https://',
  userNotFound: 'Selected user not found',
  saveFailed: 'Failed to save action item. Please check all required fields and try again.',
  updateFailed: 'Failed to update action item. Please check all required fields and try again.',
  assigneeFailed: 'Failed to update assignee',
} as const;

export interface ActionItemFormValues {
  projectId: string;
  clientName: string;
  /** Assignee user id, '' when none picked. */
  assignee: string;
  shortDescription: string;
  /** MM/DD/YYYY, or '' when empty. */
  dueDate: string;
  /** The date box's own message while its text cannot be read, else null. */
  dateError: string | null;
  /** HH:MM:00 or ''. */
  startTime: string;
  endTime: string;
  location: string;
  url: string;
  longDescription: string;
}

/**
 * The list the 'Please complete required fields' modal shows, in the spec's order.
 * `needsProject` is the dashboard's create form, which has a Project field.
 */
export function formProblems(form: ActionItemFormValues, options: { needsProject: boolean }): string[] {
  const problems: string[] = [];
  if (options.needsProject && !form.projectId) problems.push(FORM_MESSAGES.project);
  else if (!form.clientName.trim()) problems.push(FORM_MESSAGES.client);
  if (!form.assignee) problems.push(FORM_MESSAGES.assignee);
  if (!form.shortDescription.trim()) problems.push(FORM_MESSAGES.shortDescription);
  if (form.dateError) problems.push(form.dateError || FORM_MESSAGES.invalidDate);
  else if (!form.dueDate.trim()) problems.push(FORM_MESSAGES.date);
  else if (!toIsoDate(form.dueDate)) problems.push(FORM_MESSAGES.invalidDate);
  if (form.startTime && !form.endTime) problems.push(FORM_MESSAGES.endTime);
  const url = meetingUrlProblem(form.url);
  if (url) problems.push(url);
  return problems;
}

/** A meeting link must be a web address: anything else (javascript:, data:, a bare word) is refused. */
export function meetingUrlProblem(url: string): string | null {
  const text = url.trim();
  if (text === '') return null;
  return /^https?:\/\/[^\s/?#]+/i.test(text) && URL.canParse(text) ? null : FORM_MESSAGES.url;
}

/** Field labels as the form shows them, in form order (the result toast lists changed ones). */
export const FORM_FIELD_LABELS = {
  projectId: 'Project',
  assignee: 'Assignee',
  shortDescription: 'Short Description',
  dueDate: 'Date',
  startTime: 'Start Time',
  endTime: 'End Time',
  location: 'Location',
  url: 'Meeting URL',
  longDescription: 'Long Description',
} as const;

type LabelledField = keyof typeof FORM_FIELD_LABELS;

/** The "updated fields" of the result toast: every filled field of a new item, or what an edit changed. */
export function changedFields(
  before: Pick<ActionItemFormValues, LabelledField> | null,
  after: Pick<ActionItemFormValues, LabelledField>,
): string[] {
  return (Object.keys(FORM_FIELD_LABELS) as LabelledField[])
    .filter((key) => (before ? before[key].trim() !== after[key].trim() : after[key].trim() !== ''))
    .map((key) => FORM_FIELD_LABELS[key]);
}
