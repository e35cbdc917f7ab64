import { err, ok, type Result } from './result.ts';

export const TIME_MESSAGES = { invalid: 'Invalid time format' } as const;

/** `stored` is HH:MM:00 (24-hour, as the database keeps it); `display` is H:MM AM/PM. */
export interface SmartTime {
  stored: string;
  display: string;
}

const MINUTES_PER_DAY = 24 * 60;

const pad2 = (n: number): string => String(n).padStart(2, '0');

function fromMinuteOfDay(minuteOfDay: number): SmartTime {
  const h = Math.floor(minuteOfDay / 60);
  const m = minuteOfDay % 60;
  return {
    stored: `${pad2(h)}:${pad2(m)}:00`,
    display: `${h % 12 || 12}:${pad2(m)} ${h < 12 ? 'AM' : 'PM'}`,
  };
}

// "9", "9am", "9 a.m.", "9:30pm", "14:30", "930", "1430pm": hour, optional minutes
// (with or without a colon), optional meridiem.
const TYPED_TIME = /^(\d{1,2})(?::?(\d{2}))?\s*(?:([ap])\.?(?:m\.?)?)?$/;

function typedMinuteOfDay(text: string): number | null {
  if (text === 'noon') return 12 * 60;
  if (text === 'midnight') return 0;
  const g = TYPED_TIME.exec(text);
  if (!g) return null;
  let hour = Number(g[1]);
  const minute = g[2] === undefined ? 0 : Number(g[2]);
  const meridiem = g[3];
  if (minute > 59) return null;
  if (meridiem) {
    if (hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (hour > 23) {
    return null;
  }
  return hour * 60 + minute;
}

/** Reads what a person types in a time box (SPEC §5). */
export function parseSmartTime(input: string): Result<SmartTime> {
  const minuteOfDay = typedMinuteOfDay(input.trim().toLowerCase());
  return minuteOfDay === null ? err(TIME_MESSAGES.invalid) : ok(fromMinuteOfDay(minuteOfDay));
}

// Stored times come back from the database as HH:MM:SS, sometimes with fractions.
function storedMinuteOfDay(stored: string): number | null {
  const g = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(stored.trim());
  if (!g) return null;
  const h = Number(g[1]);
  const m = Number(g[2]);
  return h <= 23 && m <= 59 ? h * 60 + m : null;
}

/** Stored time plus minutes, wrapping past midnight; blank when the stored time is unreadable. */
export function addMinutes(stored: string, minutes: number): string {
  const start = storedMinuteOfDay(stored);
  if (start === null || !Number.isFinite(minutes)) return '';
  const wrapped = (((start + Math.round(minutes)) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return fromMinuteOfDay(wrapped).stored;
}

/** HH:MM:00 → H:MM AM/PM; blank when unreadable. */
export function formatStoredTime(stored: string): string {
  const minuteOfDay = storedMinuteOfDay(stored);
  return minuteOfDay === null ? '' : fromMinuteOfDay(minuteOfDay).display;
}

/** The Time column of an action item. */
export function timeText(start: string | null, end: string | null): string {
  const from = start ? formatStoredTime(start) : '';
  const to = end ? formatStoredTime(end) : '';
  if (from && to) return `${from} - ${to}`;
  if (from) return from;
  if (to) return `Until ${to}`;
  return 'N/A';
}
