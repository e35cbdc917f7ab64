import { describe, expect, it } from 'vitest';
import {
  completedText,
  emptyMessage,
  filterActionItems,
  nextSort,
  sortActionItems,
  statusClass,
  toDbStatus,
  toUiStatus,
  withStatus,
  formProblems,
  meetingUrlProblem,
  changedFields,
  type ActionItemFormValues,
  type SortKey,
  type SortState,
  type StatusFilter,
  type UiActionItem,
} from './action-items.ts';

function item(id: string, fields: Partial<UiActionItem> = {}): UiActionItem {
  return {
    id,
    project_id: 'p1',
    status: 'open',
    archived: false,
    assignee: '',
    assigneeName: '',
    shortDescription: '',
    longDescription: '',
    dueDate: '',
    time: 'N/A',
    dateCompleted: '',
    gcalSynced: false,
    gcalEventId: null,
    clientName: '',
    clientId: null,
    ...fields,
  };
}

const ids = (items: UiActionItem[]): string[] => items.map((i) => i.id);

describe('status mapping', () => {
  it.each([
    ['pending', 'open'],
    ['in_progress', 'open'],
    ['completed', 'completed'],
    ['cancelled', 'closed'],
    ['weird', 'open'],
    ['', 'open'],
  ])('toUiStatus(%j) → %s', (db, ui) => {
    expect(toUiStatus(db)).toBe(ui);
  });

  it.each([
    ['open', 'pending'],
    ['completed', 'completed'],
    ['closed', 'cancelled'],
    ['weird', 'pending'],
  ])('toDbStatus(%j) → %s', (ui, db) => {
    expect(toDbStatus(ui)).toBe(db);
  });

  it.each([
    ['open', 'active'],
    ['completed', 'complete'],
    ['closed', 'rejected'],
  ])('statusClass(%j) → %s', (ui, css) => {
    expect(statusClass(ui)).toBe(css);
  });
});

describe('completedText', () => {
  it.each([
    ['completed', '01/15/2025', '01/15/2025'],
    ['closed', '01/15/2025', 'N/A'],
    ['open', '', ''],
  ] as const)('%s → %j', (status, dateCompleted, expected) => {
    expect(completedText({ status, dateCompleted })).toBe(expected);
  });
});

describe('withStatus', () => {
  const today = new Date(2025, 0, 15);
  it.each([
    ['open', 'completed', '', '01/15/2025'],
    ['completed', 'open', '01/10/2025', ''],
    ['completed', 'closed', '01/10/2025', '01/10/2025'],
    ['open', 'closed', '', ''],
  ] as const)('%s → %s keeps dateCompleted %j as %j', (from, to, before, after) => {
    const changed = withStatus(item('a', { status: from, dateCompleted: before }), to, today);
    expect(changed).toMatchObject({ status: to, dateCompleted: after });
  });
});

describe('filterActionItems', () => {
  const items = [
    item('open-alice', { status: 'open', assignee: 'u-alice' }),
    item('done-bob', { status: 'completed', assignee: 'u-bob' }),
    item('closed-alice', { status: 'closed', assignee: 'u-alice' }),
    item('archived-open-bob', { status: 'open', assignee: 'u-bob', archived: true }),
    item('archived-done-alice', { status: 'completed', assignee: 'u-alice', archived: true }),
  ];

  it.each<[StatusFilter, string, string[]]>([
    ['active', 'all', ['open-alice', 'done-bob', 'closed-alice']],
    ['archived', 'all', ['archived-open-bob', 'archived-done-alice']],
    ['all', 'all', ['open-alice', 'done-bob', 'closed-alice', 'archived-open-bob', 'archived-done-alice']],
    ['open', 'all', ['open-alice']],
    ['completed', 'all', ['done-bob']],
    ['closed', 'all', ['closed-alice']],
    ['active', 'u-alice', ['open-alice', 'closed-alice']],
    ['all', 'u-bob', ['done-bob', 'archived-open-bob']],
    ['archived', 'u-alice', ['archived-done-alice']],
    ['open', 'u-bob', []],
    ['all', 'u-nobody', []],
  ])('status %s, assignee %s', (status, assignee, expected) => {
    expect(ids(filterActionItems(items, { status, assignee }))).toEqual(expected);
  });
});

describe('sortActionItems', () => {
  const items = [
    item('a', { assigneeName: 'bob', dueDate: '03/01/2025', status: 'open', dateCompleted: '' }),
    item('b', { assigneeName: '', dueDate: '', status: 'completed', dateCompleted: '02/01/2025' }),
    item('c', { assigneeName: 'Alice', dueDate: '12/31/2024', status: 'closed', dateCompleted: '01/05/2025' }),
    item('d', { assigneeName: 'Carol', dueDate: '01/15/2025', status: 'open', dateCompleted: 'not a date' }),
  ];

  it.each<[SortKey, 'asc' | 'desc', string[]]>([
    // Dates compare as dates (12/31/2024 before 01/15/2025), empty ones last both ways.
    ['dueDate', 'asc', ['c', 'd', 'a', 'b']],
    ['dueDate', 'desc', ['a', 'd', 'c', 'b']],
    ['dateCompleted', 'asc', ['c', 'b', 'a', 'd']],
    ['dateCompleted', 'desc', ['b', 'c', 'a', 'd']],
    // Names ignore case; unassigned last.
    ['assignee', 'asc', ['c', 'a', 'd', 'b']],
    ['assignee', 'desc', ['d', 'a', 'c', 'b']],
    // Statuses compare as text; ties keep their order.
    ['status', 'asc', ['c', 'b', 'a', 'd']],
    ['status', 'desc', ['a', 'd', 'b', 'c']],
  ])('%s %s', (key, direction, expected) => {
    expect(ids(sortActionItems(items, key, direction))).toEqual(expected);
  });

  it('returns a new array and leaves the input alone', () => {
    const sorted = sortActionItems(items, 'dueDate', 'asc');
    expect(sorted).not.toBe(items);
    expect(ids(items)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('nextSort', () => {
  it.each<[SortState, SortKey, SortState]>([
    [{ key: 'dueDate', direction: 'asc' }, 'dueDate', { key: 'dueDate', direction: 'desc' }],
    [{ key: 'dueDate', direction: 'desc' }, 'dueDate', { key: 'dueDate', direction: 'asc' }],
    [{ key: 'dueDate', direction: 'desc' }, 'status', { key: 'status', direction: 'asc' }],
    [{ key: 'assignee', direction: 'asc' }, 'dateCompleted', { key: 'dateCompleted', direction: 'asc' }],
  ])('%j, click %s → %j', (current, clicked, expected) => {
    expect(nextSort(current, clicked)).toEqual(expected);
  });
});

describe('emptyMessage', () => {
  it.each([
    ['archived', 'No archived action items found.'],
    ['active', 'No active action items found.'],
    ['all', 'No action items found with the selected filters.'],
    ['open', 'No action items found with the selected filters.'],
    ['completed', 'No action items found with the selected filters.'],
    ['closed', 'No action items found with the selected filters.'],
  ])('%s → %s', (status, message) => {
    expect(emptyMessage(status)).toBe(message);
  });
});

describe('formProblems', () => {
  const valid: ActionItemFormValues = {
    projectId: 'p1', clientName: 'Acme', assignee: 'u1', shortDescription: 'Call', dueDate: '03/15/2027',
    dateError: null, startTime: '', endTime: '', location: '', url: '', longDescription: '',
  };
  const cases: [string, Partial<ActionItemFormValues>, boolean, string[]][] = [
    ['valid', {}, false, []],
    ['valid with times', { startTime: '09:30:00', endTime: '10:00:00' }, true, []],
    ['empty form in the card', { assignee: '', shortDescription: ' ', dueDate: '' }, false,
      ['Assignee is required', 'Short description is required', 'Date is required']],
    ['no project in the dashboard', { projectId: '', clientName: '' }, true, ['Please select a project']],
    ['no client in the card', { projectId: '', clientName: '' }, false, ['Client is required']],
    ['unreadable date text', { dateError: 'Invalid date format' }, false, ['Invalid date format']],
    ['impossible stored date', { dueDate: '02/30/2027' }, false, ['Please enter a valid date']],
    ['start without end', { startTime: '09:30:00' }, false, ['End time is required when start time is specified']],
    ['end without start is fine', { endTime: '17:00:00' }, false, []],
    ['https meeting link', { url: 'https://meet.example.com/abc?x=1' }, false, []],
    ['javascript: link', { url: 'javascript:alert(1)' }, false, ['Meeting URL must start with http:// or https://']],
  ];
  it.each(cases)('%s', (_name, change, needsProject, expected) => {
    expect(formProblems({ ...valid, ...change }, { needsProject })).toEqual(expected);
  });
});

describe('changedFields', () => {
  const base = {
    projectId: 'p1', assignee: 'u1', shortDescription: 'Call', dueDate: '03/15/2027', startTime: '',
    endTime: '', location: '', url: '', longDescription: '',
  };
  const cases: [string, typeof base | null, Partial<typeof base>, string[]][] = [
    ['new item lists filled fields', null, {}, ['Project', 'Assignee', 'Short Description', 'Date']],
    ['new item with times', null, { startTime: '09:30:00', endTime: '10:00:00' },
      ['Project', 'Assignee', 'Short Description', 'Date', 'Start Time', 'End Time']],
    ['edit with nothing changed', base, {}, []],
    ['edit changing date and url', base, { dueDate: '03/16/2027', url: 'https://meet.test/x' }, ['Date', 'Meeting URL']],
    ['whitespace is not a change', base, { shortDescription: 'Call ' }, []],
  ];
  it.each(cases)('%s', (_name, before, change, expected) => {
    expect(changedFields(before, { ...base, ...change })).toEqual(expected);
  });
});

describe('meetingUrlProblem', () => {
  const refused = 'Meeting URL must start with http:// or https://';
  it.each([
    ['', null], ['  ', null], ['https://zoom.us/j/123', null], ['http://intranet.local/room', null],
    ['HTTPS://Teams.Microsoft.com/l/meetup', null], ['  https://meet.google.com/abc-defg-hij  ', null],
    ['javascript:alert(1)', refused], ['JavaScript:alert(1)', refused], ['data:text/html,hi', refused],
    ['zoom.us/j/123', refused], ['ftp://files.example.com', refused], ['https://', refused],
    ['https:///path', refused], ['vbscript:msgbox', refused],
  ])('%j → %s', (url, expected) => expect(meetingUrlProblem(url)).toBe(expected));
});
