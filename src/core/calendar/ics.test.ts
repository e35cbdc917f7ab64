import { describe, expect, it } from 'vitest';
import { buildEventPayload } from './calendar-event.ts';
import { buildIcs, escapeText, foldLine, zonedToUtc } from './ics.ts';

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

describe('escapeText (RFC 5545 §3.3.11)', () => {
  it.each([
    ['plain text', 'Roof walk', 'Roof walk'],
    ['backslash, semicolon and comma', 'a\\b;c,d', 'a\\\\b\\;c\\,d'],
    ['CRLF', 'one\r\ntwo', 'one\\ntwo'],
    ['a lone LF', 'one\ntwo', 'one\\ntwo'],
    ['a lone CR', 'one\rtwo', 'one\\ntwo'],
    ['LF then CR is two breaks', 'one\n\rtwo', 'one\\n\\ntwo'],
    ['a tab is kept', 'a\tb', 'a\tb'],
    ['NUL, bell, backspace, vertical tab, form feed, escape, unit separator and DEL are dropped',
      'a\u0000\u0007\u0008\u000b\u000c\u001b\u001f\u007fb', 'ab'],
    ['an injected property stays inside the value', 'x\rBEGIN:VEVENT\rUID:evil', 'x\\nBEGIN:VEVENT\\nUID:evil'],
  ])('%s', (_label, text, escaped) => {
    expect(escapeText(text)).toBe(escaped);
    // eslint-disable-next-line no-control-regex
    expect(escapeText(text)).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/);
  });
});

describe('buildIcs', () => {
  it('starts a new line only between properties, whatever control characters the texts hold', () => {
    const nasty = (label: string) => `${label}\r\u000bEND:VEVENT\nX:1\r\n\u0000\u007f;,`;
    const built = buildEventPayload({
      shortDescription: nasty('Walk'), longDescription: nasty('Long'), dueDate: '2026-11-24', startTime: '14:00', endTime: '',
      location: nasty('Main St'), url: 'https://meet.test/a\rX-EVIL:1', status: 'open', assigneeName: 'Ana Diaz', clientName: nasty('Acme'),
    }, { timeZone: 'America/New_York' });
    if (!built.ok) throw new Error(built.error);
    const ics = buildIcs({ name: nasty('Casebook'), now: new Date('2026-11-23T12:00:00Z'),
      events: [{ uid: 'abc@casebook', payload: built.value, url: 'https://meet.test/a\rX-EVIL:1', updatedAt: new Date('2026-11-23T11:00:00Z') }] });
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('X-EVIL') || l.startsWith('X:'))).toBe(false);
    expect(lines).toContain('URL:https://meet.test/aX-EVIL:1');
    // eslint-disable-next-line no-control-regex
    for (const line of lines) expect(line).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/);
  });


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
