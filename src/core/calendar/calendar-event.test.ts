import { describe, expect, it } from 'vitest';
import { buildEventPayload, eventDescription, eventEndMinutes, eventIdFor, type EventSource } from './calendar-event.ts';

/** Google Calendar's rule for event ids: base32hex characters (a-v, 0-9), 5 to 1024 of them. */
const isValidEventId = (id: string) => /^[a-v0-9]{5,1024}$/.test(id);

const item: EventSource = {
  shortDescription: 'Site inspection',
  longDescription: 'Bring the moisture meter.',
  dueDate: '2026-11-24',
  startTime: '14:00:00',
  endTime: '',
  location: '12 Main St, Springfield IL 62701',
  url: 'https://meet.example.com/abc',
  status: 'open',
  assigneeName: 'Denise Park',
  clientName: 'Acme Holdings',
};
const tz = { timeZone: 'America/New_York' };
const build = (over: Partial<EventSource>) => buildEventPayload({ ...item, ...over }, tz);

describe('buildEventPayload', () => {
  it('builds the SPEC §7 payload', () => {
    expect(buildEventPayload(item, tz)).toEqual({
      ok: true,
      value: {
        summary: 'Site inspection',
        description: 'Client: Acme Holdings\nAssignee: Denise Park\nStatus: Open\nMeeting Link: https://meet.example.com/abc'
          + '\n\nBring the moisture meter.\n\nSynced from Casebook',
        start: { dateTime: '2026-11-24T14:00:00', timeZone: 'America/New_York' },
        end: { dateTime: '2026-11-24T14:30:00', timeZone: 'America/New_York' },
        location: '12 Main St, Springfield IL 62701',
        reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 60 }, { method: 'popup', minutes: 15 }] },
      },
    });
  });

  it.each([
    ['no end: start + 30', '14:00', '', '2026-11-24T14:30:00'],
    ['an end', '14:00', '15:15:00', '2026-11-24T15:15:00'],
    ['an unreadable end: start + 60', '14:00', '25:99', '2026-11-24T15:00:00'],
    ['an end before the start: the next day', '23:00', '00:30', '2026-11-25T00:30:00'],
    ['an end equal to the start: the next day', '09:00', '09:00', '2026-11-25T09:00:00'],
    ['30 minutes past 23:45 wraps into the next day', '23:45', '', '2026-11-25T00:15:00'],
    ['20 minutes past 23:50 also', '23:50', '', '2026-11-25T00:20:00'],
  ])('%s', (_name, startTime, endTime, end) => {
    const r = build({ startTime, endTime });
    expect(r.ok && r.value.end).toEqual({ dateTime: end, timeZone: 'America/New_York' });
  });

  it('rolls over a month and a year', () => {
    const r = build({ dueDate: '2026-12-31', startTime: '23:45', endTime: '' });
    expect(r.ok && r.value.end).toEqual({ dateTime: '2027-01-01T00:15:00', timeZone: 'America/New_York' });
  });

  it('makes an all-day event when there is no start time', () => {
    const r = build({ startTime: '', endTime: '17:00' });
    expect(r.ok && [r.value.start, r.value.end]).toEqual([{ date: '2026-11-24' }, { date: '2026-11-25' }]);
  });

  it.each([
    [{ shortDescription: '  ' }, 'Event title is required'],
    [{ dueDate: '' }, 'Due date is required for calendar events'],
    [{ dueDate: '2026-02-30' }, 'Invalid due date format: 2026-02-30'],
    [{ dueDate: '11/24/2026' }, 'Invalid due date format: 11/24/2026'],
  ])('rejects %o', (over, error) => {
    expect(build(over)).toEqual({ ok: false, error });
  });

  it('leaves out an empty location', () => {
    const r = build({ location: ' ' });
    expect(r.ok && 'location' in r.value).toBe(false);
  });
});

describe('eventDescription', () => {
  it.each([
    [{ status: 'completed' as const }, 'Status: Completed'],
    [{ status: 'closed' as const }, 'Status: Closed'],
    [{ url: '' }, 'Meeting Link: N/A'],
    [{ assigneeName: '' }, 'Assignee: Unassigned'],
    [{ clientName: '' }, 'Client: N/A'],
  ])('%o has the line %s', (over, line) => {
    expect(eventDescription({ ...item, ...over }).split('\n')).toContain(line);
  });

  it('has no empty long-description block', () => {
    expect(eventDescription({ ...item, longDescription: ' ' })).toBe(
      'Client: Acme Holdings\nAssignee: Denise Park\nStatus: Open\nMeeting Link: https://meet.example.com/abc\n\nSynced from Casebook');
  });
});

describe('eventEndMinutes', () => {
  it.each([
    [600, '', 630],
    [600, 'soon', 660],
    [600, '11:00', 660],
    [600, '09:00', 1980],
  ])('start %i end %s → %i', (start, end, expected) => expect(eventEndMinutes(start, end)).toBe(expected));
});

describe('eventIdFor', () => {
  it.each([
    ['0f8fad5b-d9cb-469f-a165-70867728950e', 0, '0f8fad5bd9cb469fa16570867728950e'],
    ['0F8FAD5B-D9CB-469F-A165-70867728950E', 2, '0f8fad5bd9cb469fa16570867728950eg2'],
  ])('%s generation %i → %s, a valid Google event id', (id, gen, expected) => {
    expect(eventIdFor(id, gen)).toBe(expected);
    expect(isValidEventId(expected)).toBe(true);
  });

  it('refuses what is not a UUID', () => expect(() => eventIdFor('x', 0)).toThrow());
  it.each([['abcd', false], ['abcdw', false], ['abc_e', false], ['a'.repeat(1025), false], ['vvvvv', true]])(
    '%s valid: %s', (id, valid) => expect(isValidEventId(id)).toBe(valid));
});
