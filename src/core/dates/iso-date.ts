// The one module of calendar arithmetic (issue 44): dates are YYYY-MM-DD strings, counted in whole
// days on the UTC calendar so no zone or daylight-saving change moves them; "today" is the firm's
// calendar day in its time zone (the server's TZ, sent to the browser in /api/config), never the
// machine's or the browser's.

const pad = (n: number) => String(n).padStart(2, '0');

/** A local Date's own calendar day as YYYY-MM-DD (a Date made by firmToday, or a parsed form value). */
export const localIsoDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** YYYY-MM-DD plus (or minus) whole days. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 1 = Monday … 7 = Sunday (ISO 8601). */
export function isoWeekday(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** The first day of the week holding `iso`, for a firm whose week starts on `startsOn` (1 = Monday … 7 = Sunday). */
export function weekStartOf(iso: string, startsOn: number): string {
  return addDays(iso, -((isoWeekday(iso) - startsOn + 7) % 7));
}

/** The firm's calendar day (its time zone) as a local Date at midnight: what parsers of typed dates count from. */
export function firmToday(timeZone: string, now = new Date()): Date {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return new Date(part('year'), part('month') - 1, part('day'));
}

/** The firm's calendar day as YYYY-MM-DD: bills' dates, forms' defaults, report periods. */
export const firmTodayIso = (timeZone: string, now = new Date()): string => localIsoDate(firmToday(timeZone, now));
