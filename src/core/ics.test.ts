import { describe, expect, it } from 'vitest';
import { buildEventPayload } from './calendar-event.ts';
import { buildIcs, foldLine, zonedToUtc } from './ics.ts';

describe('zonedToUtc', () => {
  it.each([
    ['2026-11-24T14:00:00', 'America/New_York', '2026-11-24T19:00:00.000Z'],
    ['2026-07-01T14:00:00', 'America/New_York', '2026-07-01T18:00:00.000Z'],
    ['2026-03-08T03:30:00', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['2026-11-24T14:00:00', 'UTC', '2026-11-24T14:00:00.000Z'],
  ])('%s in %s is %s', (local, tz, utc) => expect(zonedToUtc(local, tz).toISOString()).toBe(utc));
});

describe('foldLine', () => {
  it('keeps short lines and folds long ones at 75 octets', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    const folded = foldLine(`DESCRIPTION:${'x'.repeat(200)}`);
    expect(folded.split('\r\n ').map((l) => l.length)).toEqual([75, 74, 63]);
  });
});

describe('buildIcs', () => {
  it('writes one VEVENT per item, times in UTC, text escaped, alarms at 60 and 15', () => {
    const built = buildEventPayload({
      shortDescription: 'Inspect; roof, north', longDescription: '', dueDate: '2026-11-24', startTime: '14:00', endTime: '',
      location: '', url: '', status: 'open', assigneeName: 'Ana Diaz', clientName: 'Acme',
    }, { timeZone: 'America/New_York' });
    if (!built.ok) throw new Error(built.error);
    const ics = buildIcs({ name: 'Casebook', now: new Date('2026-11-23T12:00:00Z'),
      events: [{ uid: 'abc@casebook', payload: built.value, updatedAt: new Date('2026-11-23T11:00:00Z') }] });
    const lines = ics.split('\r\n');
    expect(lines).toContain('DTSTART:20261124T190000Z');
    expect(lines).toContain('DTEND:20261124T193000Z');
    expect(lines).toContain('SUMMARY:Inspect\\; roof\\, north');
    expect(lines).toContain('TRIGGER:-PT60M');
    expect(lines).toContain('TRIGGER:-PT15M');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
