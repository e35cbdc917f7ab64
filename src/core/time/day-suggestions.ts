import { PRODUCT_NAME } from '../calendar/calendar-event.ts';
import { zonedToUtc } from '../calendar/ics.ts';
import { dayIn } from './weeks.ts';

// The day's calendar as time (issue 25, docs/decisions/186): which action items and Google events
// become suggestions, their hours, and the source an entry made from one keeps.

type EventTime = { date?: string; dateTime?: string; timeZone?: string };

/** A Google Calendar event as the events list gives it (only what the suggestions read). */
export interface CalendarEventLike {
  id: string;
  status?: string;
  summary?: string;
  description?: string;
  start?: EventTime;
  end?: EventTime;
  attendees?: { email?: string; responseStatus?: string }[];
}

/** The ids Casebook gives the events it pushes for action items (core/calendar-event eventIdFor). */
const OWN_EVENT_ID = /^[0-9a-f]{32}(g\d+)?$/;
const OWN_EVENT_FOOTER = `Synced from ${PRODUCT_NAME}`;
/** The event ids a suggestion's source may carry (ZAcceptSuggestionBody). */
const SOURCE_EVENT_ID = /^[\w@.-]{1,1024}$/;

export const actionItemSource = (itemId: string, date: string) => `action_item:${itemId}:${date}`;
export const googleSource = (eventId: string) => `google:${eventId}`;

/** Hours between two instants (ms), to the hundredth, at most 24; null when the end is not after the start. */
export function hoursBetween(startMs: number, endMs: number): number | null {
  if (!(endMs > startMs)) return null;
  return Math.min(24, Math.round((endMs - startMs) / 36_000) / 100);
}

const minutes = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** Hours of an action item from its start and end times ('HH:MM[:SS]'); null when it has none. */
export function itemHours(startTime: string, endTime: string): number | null {
  return hoursBetween(minutes(startTime) * 60_000, minutes(endTime) * 60_000);
}

/**
 * The instant of an event's start or end: Google gives dateTime with its offset; a wall time
 * without one is read in the event's own zone, else the firm's. Invalid Date when it is no time.
 */
export function eventInstant(time: { dateTime: string; timeZone?: string }, firmTimeZone: string): Date {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(time.dateTime)) return new Date(time.dateTime);
  try {
    return zonedToUtc(time.dateTime, time.timeZone ?? firmTimeZone);
  } catch {
    return new Date(NaN); // not a time, or an unknown zone
  }
}

/** 'HH:MM' of an instant, on the firm's clock. */
export function wallTime(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(at);
}

/**
 * Whether an event of the firm's calendar is time of `email` on `date`: not cancelled, not all-day,
 * starting that day on the firm's clock, `email` among its attendees without having declined, and
 * not one of the events Casebook pushed for its own action items (those are suggested as items).
 */
export function isSuggestedEvent(event: CalendarEventLike, options: { email: string; date: string; timeZone: string }): boolean {
  const start = event.start?.dateTime;
  if (event.status === 'cancelled' || !start || !event.end?.dateTime) return false;
  if (OWN_EVENT_ID.test(event.id) || (event.description ?? '').endsWith(OWN_EVENT_FOOTER) || !SOURCE_EVENT_ID.test(event.id)) return false;
  const at = eventInstant({ dateTime: start, timeZone: event.start?.timeZone }, options.timeZone);
  const end = eventInstant({ dateTime: event.end.dateTime, timeZone: event.end.timeZone }, options.timeZone);
  if (Number.isNaN(at.getTime()) || Number.isNaN(end.getTime()) || dayIn(options.timeZone, at) !== options.date) return false;
  const email = options.email.trim().toLowerCase();
  return (event.attendees ?? []).some((a) => a.email?.trim().toLowerCase() === email && a.responseStatus !== 'declined');
}
