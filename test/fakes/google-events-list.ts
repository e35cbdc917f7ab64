import { zonedToUtc } from '../../src/core/calendar/ics.ts';
import type { FakeEvent } from './google-server.ts';

// Calendar v3 events.list of the fake Google (test/fakes/google-server.ts): the events overlapping
// [timeMin, timeMax), cancelled ones only with showDeleted, by start when orderBy=startTime (which,
// as in Google, needs singleEvents=true), in pages of maxResults with a pageToken.

/** The fake calendar's own zone (Google answers it; all-day dates begin at its midnight). */
export const CALENDAR_TIME_ZONE = 'America/New_York';

/** An event time as an instant: dateTime with its offset, or wall time in its (or the calendar's) zone; all-day dates at midnight. */
function instant(time: Record<string, string> | undefined): number {
  if (!time) return NaN;
  if (time.date) return zonedToUtc(`${time.date}T00:00:00`, CALENDAR_TIME_ZONE).getTime();
  const dateTime = time.dateTime ?? '';
  return /(Z|[+-]\d{2}:\d{2})$/.test(dateTime) ? Date.parse(dateTime) : zonedToUtc(dateTime, time.timeZone ?? CALENDAR_TIME_ZONE).getTime();
}

/** The answer to GET /calendars/primary/events: [status, body]. */
export function listEvents(events: FakeEvent[], q: URLSearchParams): [number, unknown] {
  if (q.get('orderBy') === 'startTime' && q.get('singleEvents') !== 'true') {
    const message = 'The requested ordering is not available for the particular query.';
    return [400, { error: { code: 400, message, errors: [{ reason: 'badRequest', message }] } }];
  }
  const from = q.get('timeMin') ? Date.parse(q.get('timeMin')!) : -Infinity;
  const to = q.get('timeMax') ? Date.parse(q.get('timeMax')!) : Infinity;
  const hits = events
    .filter((e) => e.status !== 'cancelled' || q.get('showDeleted') === 'true')
    .map((e) => ({ e, start: instant(e.start), end: instant(e.end) }))
    .filter(({ start, end }) => start < to && end > from)
    .sort((a, b) => (q.get('orderBy') === 'startTime' ? a.start - b.start : 0));
  const size = Number(q.get('maxResults') ?? 250);
  const offset = Number(q.get('pageToken') ?? 0);
  const next = offset + size < hits.length ? { nextPageToken: String(offset + size) } : {};
  return [200, { kind: 'calendar#events', timeZone: CALENDAR_TIME_ZONE, items: hits.slice(offset, offset + size).map(({ e }) => e), ...next }];
}
