import { describe, expect, it } from 'vitest';
import { eventIdFor } from '../calendar/calendar-event.ts';
import {
  actionItemSource, eventInstant, googleSource, hoursBetween, isSuggestedEvent, itemHours, wallTime, type CalendarEventLike,
} from './day-suggestions.ts';

const NY = 'America/New_York';
const options = { email: 'Dana@Firm.test', date: '2026-11-18', timeZone: NY };
const event = (over: Partial<CalendarEventLike> = {}): CalendarEventLike => ({
  id: 'abc123def', status: 'confirmed', summary: 'Claims review',
  start: { dateTime: '2026-11-18T10:00:00-05:00' }, end: { dateTime: '2026-11-18T11:30:00-05:00' },
  attendees: [{ email: 'dana@firm.test', responseStatus: 'accepted' }, { email: 'lee@firm.test', responseStatus: 'declined' }],
  ...over,
});

describe('isSuggestedEvent', () => {
  it('takes an event the person attends (any case of the address), accepted or not answered', () => {
    expect(isSuggestedEvent(event(), options)).toBe(true);
    expect(isSuggestedEvent(event({ attendees: [{ email: 'dana@firm.test', responseStatus: 'needsAction' }] }), options)).toBe(true);
  });
  it.each<[string, Partial<CalendarEventLike>]>([
    ['declined', { attendees: [{ email: 'dana@firm.test', responseStatus: 'declined' }] }],
    ['not an attendee', { attendees: [{ email: 'lee@firm.test', responseStatus: 'accepted' }] }],
    ['no attendees', { attendees: undefined }],
    ['all-day', { start: { date: '2026-11-18' }, end: { date: '2026-11-19' } }],
    ['cancelled', { status: 'cancelled' }],
    ['started the day before', { start: { dateTime: '2026-11-17T23:00:00-05:00' } }],
    ['pushed by Casebook (its id)', { id: eventIdFor('0b6f2a8e-4c1d-4e2f-9a3b-5c6d7e8f9a0b', 2) }],
    ['pushed by Casebook (its footer)', { description: 'Client: X\n\nSynced from Casebook' }],
    ['an id no source can carry', { id: 'bad id/with slash' }],
    ['a start that is no time', { start: { dateTime: 'soon' } }],
    ['an end that is no time', { end: { dateTime: '2026-11-18T25:99:00-05:00' } }],
  ])('leaves out an event: %s', (_, over) => {
    expect(isSuggestedEvent(event(over), options)).toBe(false);
  });
  it('reads the start on the firm clock (UTC late evening is still the 18th in New York)', () => {
    expect(isSuggestedEvent(event({ start: { dateTime: '2026-11-19T03:00:00Z' }, end: { dateTime: '2026-11-19T04:00:00Z' } }), options)).toBe(true);
  });
});

describe('eventInstant', () => {
  it('reads an offset, else the event zone, else the firm zone', () => {
    expect(eventInstant({ dateTime: '2026-11-18T10:00:00-05:00' }, NY).toISOString()).toBe('2026-11-18T15:00:00.000Z');
    expect(eventInstant({ dateTime: '2026-11-18T15:00:00Z' }, NY).toISOString()).toBe('2026-11-18T15:00:00.000Z');
    expect(eventInstant({ dateTime: '2026-11-18T10:00:00', timeZone: 'Europe/Paris' }, NY).toISOString()).toBe('2026-11-18T09:00:00.000Z');
    expect(eventInstant({ dateTime: '2026-11-18T10:00:00' }, NY).toISOString()).toBe('2026-11-18T15:00:00.000Z');
  });
});

describe('hours', () => {
  it.each([
    ['09:30:00', '10:00:00', 0.5], ['09:00', '10:20', 1.33], ['14:00:00', '14:00:00', null], ['15:00', '14:00', null], ['00:00', '23:59', 23.98],
  ])('an item from %s to %s is %s h', (start, end, hours) => {
    expect(itemHours(start, end)).toBe(hours);
  });
  it('caps an event at 24 hours', () => {
    expect(hoursBetween(0, 30 * 3_600_000)).toBe(24);
    expect(hoursBetween(0, 5_400_000)).toBe(1.5);
  });
});

describe('sources and times', () => {
  it('names where an entry came from', () => {
    expect(actionItemSource('0b6f2a8e-4c1d-4e2f-9a3b-5c6d7e8f9a0b', '2026-11-18')).toBe('action_item:0b6f2a8e-4c1d-4e2f-9a3b-5c6d7e8f9a0b:2026-11-18');
    expect(googleSource('abc123')).toBe('google:abc123');
  });
  it('shows the firm clock', () => {
    expect(wallTime(NY, new Date('2026-11-18T15:05:00Z'))).toBe('10:05');
    expect(wallTime(NY, new Date('2026-11-19T04:30:00Z'))).toBe('23:30');
    expect(wallTime(NY, new Date('2026-11-18T05:00:00Z'))).toBe('00:00');
  });
});
