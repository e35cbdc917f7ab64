import { localIsoDate } from '../core/reports.ts';

// The one "today" of the server: the firm's calendar day in its time zone (env TZ), whatever the
// process's own zone. Every date the server stamps (reports, bills, file names) starts here.

/** The firm's calendar day (its time zone) as a local Date at midnight: what report dates and file names use. */
export function firmToday(timeZone: string, now = new Date()): Date {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return new Date(part('year'), part('month') - 1, part('day'));
}

/** The firm's calendar day as YYYY-MM-DD (bills' issue and paid dates, receivables' ages). */
export const firmTodayIso = (timeZone: string, now = new Date()): string => localIsoDate(firmToday(timeZone, now));
