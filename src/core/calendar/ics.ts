import type { EventPayload } from './calendar-event.ts';

// The private calendar feed (RFC 5545), built from the same event payloads as Google's.

export interface IcsEvent {
  uid: string;
  payload: EventPayload;
  url?: string;
  /** A closed item's event is marked cancelled. */
  cancelled?: boolean;
  updatedAt: Date;
}

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped; every line break (CRLF,
 * a lone CR or a lone LF) becomes `\\n`; other control characters, which TEXT cannot hold, are dropped.
 * Tab is the one control character TEXT allows.
 */
export const escapeText = (text: string) => text
  .replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,')
  .replace(/\r\n|\r|\n/g, '\\n')
  // eslint-disable-next-line no-control-regex
  .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/** A URI value (RFC 3986) holds no control character at all; a meeting URL's stray ones are dropped. */
// eslint-disable-next-line no-control-regex
const uriValue = (uri: string) => uri.replace(/[\u0000-\u001f\u007f]/g, '');

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = new TextEncoder().encode(ch).length;
    if (bytes + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** The UTC instant of a wall-clock time ('YYYY-MM-DDTHH:MM:SS') in a time zone. */
export function zonedToUtc(local: string, timeZone: string): Date {
  const asUtc = new Date(`${local}Z`);
  const offsetAt = (instant: Date) => {
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    }).formatToParts(instant).map((p) => [p.type, p.value]));
    const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
    return wall - instant.getTime();
  };
  // Twice: the offset at the first guess may differ across a DST change.
  let guess = new Date(asUtc.getTime() - offsetAt(asUtc));
  guess = new Date(asUtc.getTime() - offsetAt(guess));
  return guess;
}

function timeProp(name: 'DTSTART' | 'DTEND', time: EventPayload['start']): string {
  if ('date' in time) return `${name};VALUE=DATE:${time.date.replace(/-/g, '')}`;
  return `${name}:${utcStamp(zonedToUtc(time.dateTime, time.timeZone))}`;
}

export function buildIcs(options: { name: string; events: IcsEvent[]; now: Date }): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Casebook//Action items//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`];
  for (const e of options.events) {
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${utcStamp(options.now)}`, `LAST-MODIFIED:${utcStamp(e.updatedAt)}`,
      timeProp('DTSTART', e.payload.start), timeProp('DTEND', e.payload.end),
      `SUMMARY:${escapeText(e.payload.summary)}`, `DESCRIPTION:${escapeText(e.payload.description)}`);
    if (e.payload.location) lines.push(`LOCATION:${escapeText(e.payload.location)}`);
    if (e.url) lines.push(`URL:${uriValue(e.url)}`);
    lines.push(`STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`);
    for (const r of e.payload.reminders.overrides) {
      lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(e.payload.summary)}`, `TRIGGER:-PT${r.minutes}M`, 'END:VALARM');
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
