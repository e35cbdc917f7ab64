import { STATUS_LABELS, type UiStatus } from '../action-items.ts';
import { EVENT_DEFAULT_MINUTES, EVENT_REMINDER_POPUP_MINUTES, EVENT_UNPARSEABLE_END_MINUTES } from '../constants.ts';
import { err, ok, type Result } from '../result.ts';
import { addDays } from '../dates/iso-date.ts';

/** The product named in every event's footer (the firm's name is FIRM_NAME; this is the app). */
export const PRODUCT_NAME = 'Casebook';

/** SPEC §5, the calendar wrapper's messages. */
export const EVENT_MESSAGES = {
  titleRequired: 'Event title is required',
  dueDateRequired: 'Due date is required for calendar events',
  invalidDueDate: (date: string) => `Invalid due date format: ${date}`,
  eventIdForUpdate: 'Event ID is required for updates',
  eventIdForDelete: 'Event ID is required for deletion',
} as const;

/** What an event is made of: an action item as stored (dates YYYY-MM-DD, times HH:MM[:SS] or ''). */
export interface EventSource {
  shortDescription: string;
  longDescription: string;
  dueDate: string;
  startTime: string;
  endTime: string;
  location: string;
  url: string;
  status: UiStatus;
  assigneeName: string;
  clientName: string;
}

type EventTime = { dateTime: string; timeZone: string } | { date: string };

export interface EventPayload {
  summary: string;
  description: string;
  start: EventTime;
  end: EventTime;
  location?: string;
  reminders: { useDefault: false; overrides: { method: 'popup'; minutes: number }[] };
}

const MINUTES_PER_DAY = 24 * 60;

function minuteOfDay(time: string): number | null {
  const g = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(time.trim());
  if (!g) return null;
  const h = Number(g[1]);
  const m = Number(g[2]);
  return h <= 23 && m <= 59 ? h * 60 + m : null;
}

function realDate(iso: string): boolean {
  const g = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!g) return false;
  const d = new Date(Date.UTC(Number(g[1]), Number(g[2]) - 1, Number(g[3])));
  return d.getUTCFullYear() === Number(g[1]) && d.getUTCMonth() === Number(g[2]) - 1 && d.getUTCDate() === Number(g[3]);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local wall-clock time on a day, minutes possibly past midnight (the next day). */
function localDateTime(date: string, minutes: number): string {
  const day = addDays(date, Math.floor(minutes / MINUTES_PER_DAY));
  const m = minutes % MINUTES_PER_DAY;
  return `${day}T${pad(Math.floor(m / 60))}:${pad(m % 60)}:00`;
}

/**
 * The end of a timed event (SPEC §7, §9): the given end; start + 60 when an end is given but
 * unreadable; start + 30 without one. An end at or before the start ends the next day.
 */
export function eventEndMinutes(startMinutes: number, endTime: string): number {
  if (!endTime.trim()) return startMinutes + EVENT_DEFAULT_MINUTES;
  const end = minuteOfDay(endTime);
  if (end === null) return startMinutes + EVENT_UNPARSEABLE_END_MINUTES;
  return end > startMinutes ? end : end + MINUTES_PER_DAY;
}

export function eventDescription(item: EventSource, productName = PRODUCT_NAME): string {
  const lines = [
    `Client: ${item.clientName.trim() || 'N/A'}`,
    `Assignee: ${item.assigneeName.trim() || 'Unassigned'}`,
    `Status: ${STATUS_LABELS[item.status]}`,
    `Meeting Link: ${item.url.trim() || 'N/A'}`,
  ];
  const long = item.longDescription.trim();
  return [lines.join('\n'), ...(long ? [long] : []), `Synced from ${productName}`].join('\n\n');
}

/**
 * The Calendar v3 event of an action item (SPEC §7 "Event payload"). Times are the firm's wall
 * clock with its time zone; an item without a start time becomes an all-day event.
 */
export function buildEventPayload(item: EventSource, options: { timeZone: string; productName?: string }): Result<EventPayload> {
  const summary = item.shortDescription.trim();
  if (!summary) return err(EVENT_MESSAGES.titleRequired);
  const date = item.dueDate.trim();
  if (!date) return err(EVENT_MESSAGES.dueDateRequired);
  if (!realDate(date)) return err(EVENT_MESSAGES.invalidDueDate(date));
  const startMinutes = item.startTime.trim() ? minuteOfDay(item.startTime) : null;
  let start: EventTime;
  let end: EventTime;
  if (startMinutes === null) {
    start = { date };
    end = { date: addDays(date, 1) };
  } else {
    start = { dateTime: localDateTime(date, startMinutes), timeZone: options.timeZone };
    end = { dateTime: localDateTime(date, eventEndMinutes(startMinutes, item.endTime)), timeZone: options.timeZone };
  }
  const location = item.location.trim();
  return ok({
    summary,
    description: eventDescription(item, options.productName),
    start,
    end,
    ...(location ? { location } : {}),
    reminders: {
      useDefault: false,
      overrides: EVENT_REMINDER_POPUP_MINUTES.map((minutes) => ({ method: 'popup' as const, minutes })),
    },
  });
}

const HEX_UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/**
 * The event id we give Google for an item (their rule: 5–1024 characters of a–v and 0–9). The
 * item's UUID without dashes (hex is inside a–v/0–9), plus 'g' and the generation once an
 * earlier event of the item was deleted (a deleted event's id cannot be used again).
 */
export function eventIdFor(itemId: string, generation: number): string {
  if (!HEX_UUID.test(itemId)) throw new Error(`not a UUID: ${itemId}`);
  const base = itemId.replace(/-/g, '').toLowerCase();
  return generation > 0 ? `${base}g${generation}` : base;
}
