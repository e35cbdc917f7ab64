/**
 * One clock (issue 28): every time a person reads is in the firm's time zone (the server's `TZ`,
 * sent in /api/config), never the browser's. Dates read MM/DD/YYYY and times h:mm AM/PM; the zone's
 * abbreviation ('EST', or 'GMT+1' where the zone has none in English) follows wherever the reader
 * could be elsewhere.
 */

type Moment = string | number | Date;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    formats.set(key, f);
  }
  return f;
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hour12: true };

function parts(value: Moment, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of format(timeZone, options).formatToParts(new Date(value))) out[p.type] = p.value;
  return out;
}

/** '11/27/2026' in the firm's zone. */
export function firmDate(value: Moment, timeZone: string): string {
  const p = parts(value, timeZone, DATE);
  return `${p.month}/${p.day}/${p.year}`;
}

/** 'EST' / 'EDT' for America/New_York; 'GMT+1' where English has no abbreviation. */
export function firmZoneName(value: Moment, timeZone: string): string {
  return parts(value, timeZone, { timeZoneName: 'short' }).timeZoneName ?? timeZone;
}

/** '3:04 PM', with ' EST' when `zone` is set. */
export function firmTime(value: Moment, timeZone: string, zone = false): string {
  const p = parts(value, timeZone, TIME);
  const time = `${p.hour}:${p.minute} ${p.dayPeriod}`;
  return zone ? `${time} ${firmZoneName(value, timeZone)}` : time;
}

/** '11/27/2026 3:04 PM', with ' EST' when `zone` is set (the default: a moment may be read anywhere). */
export function firmDateTime(value: Moment, timeZone: string, zone = true): string {
  return `${firmDate(value, timeZone)} ${firmTime(value, timeZone, zone)}`;
}

/** Milliseconds the zone's wall clock is ahead of UTC at `at`. */
function zoneOffset(at: number, timeZone: string): number {
  const p = parts(at, timeZone, { ...DATE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - at;
}

/**
 * A wall-clock date and time of the firm's zone ('2026-06-15', '09:00:00') as the instant it names,
 * in ISO ('2026-06-15T13:00:00.000Z'); null for a date or time that is not one. A time the clocks skip
 * (a spring-forward hour) reads as the hour after.
 */
export function firmMoment(isoDate: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3] ?? 0));
  if (new Date(wall).toISOString().slice(0, 16) !== `${isoDate}T${t[1]}:${t[2]}`) return null;
  const first = wall - zoneOffset(wall, timeZone);
  const second = wall - zoneOffset(first, timeZone);
  return new Date(second + zoneOffset(second, timeZone) === wall ? second : first).toISOString();
}

/** Hours from one instant to a later one (negative when `to` is earlier), to two decimals. */
export const hoursBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 36_000) / 100;
