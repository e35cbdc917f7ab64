import { describe, expect, it } from 'vitest';
import { firmDate, firmDateTime, firmMoment, firmTime, firmZoneName, hoursBetween } from './firm-clock.ts';

describe('firm clock', () => {
  it.each([
    // [instant, zone, date, time, zone name]
    ['2026-11-27T20:04:00Z', 'America/New_York', '11/27/2026', '3:04 PM', 'EST'],
    ['2026-07-01T03:30:00Z', 'America/New_York', '06/30/2026', '11:30 PM', 'EDT'],
    ['2026-07-01T03:30:00Z', 'America/Los_Angeles', '06/30/2026', '8:30 PM', 'PDT'],
    ['2026-01-05T00:00:00Z', 'UTC', '01/05/2026', '12:00 AM', 'UTC'],
    ['2026-01-05T11:00:00Z', 'Europe/Berlin', '01/05/2026', '12:00 PM', 'GMT+1'],
  ])('%s in %s', (instant, zone, date, time, name) => {
    expect(firmDate(instant, zone)).toBe(date);
    expect(firmTime(instant, zone)).toBe(time);
    expect(firmZoneName(instant, zone)).toBe(name);
    expect(firmTime(instant, zone, true)).toBe(`${time} ${name}`);
    expect(firmDateTime(instant, zone)).toBe(`${date} ${time} ${name}`);
    expect(firmDateTime(instant, zone, false)).toBe(`${date} ${time}`);
  });

  it('takes a Date and epoch milliseconds as well as ISO text', () => {
    const at = Date.UTC(2026, 10, 27, 20, 4);
    expect(firmDateTime(at, 'America/New_York')).toBe('11/27/2026 3:04 PM EST');
    expect(firmDateTime(new Date(at), 'America/New_York')).toBe('11/27/2026 3:04 PM EST');
  });
});

describe('firmMoment: a wall-clock time of the firm as an instant (a cancellation\'s times)', () => {
  it.each([
    ['2026-06-15', '09:00:00', 'America/New_York', '2026-06-15T13:00:00.000Z'],
    ['2026-12-15', '09:00', 'America/New_York', '2026-12-15T14:00:00.000Z'],
    ['2026-06-30', '23:30:00', 'America/Los_Angeles', '2026-07-01T06:30:00.000Z'],
    ['2026-01-05', '12:00:00', 'Europe/Berlin', '2026-01-05T11:00:00.000Z'],
    ['2026-11-01', '01:30:00', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-03-08', '02:30:00', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['2026-13-01', '09:00:00', 'UTC', null],
    ['2026-06-15', 'noon', 'UTC', null],
  ])('%s %s in %s', (date, time, zone, instant) => {
    expect(firmMoment(date, time, zone)).toBe(instant);
    if (instant && date !== '2026-03-08') expect(firmDateTime(instant, zone, false).startsWith(`${date.slice(5, 7)}/${date.slice(8)}/${date.slice(0, 4)}`)).toBe(true);
  });

  it('counts the notice in hours across a change of the clocks', () => {
    expect(hoursBetween('2026-06-14T10:00:00Z', '2026-06-15T16:00:00Z')).toBe(30);
    expect(hoursBetween(firmMoment('2026-03-07', '09:00', 'America/New_York')!, firmMoment('2026-03-08', '09:00', 'America/New_York')!)).toBe(23);
    expect(hoursBetween('2026-06-15T16:00:00Z', '2026-06-15T15:30:00Z')).toBe(-0.5);
  });
});
