import { describe, expect, it } from 'vitest';
import { firmDate, firmDateTime, firmTime, firmZoneName } from './firm-clock.ts';

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
