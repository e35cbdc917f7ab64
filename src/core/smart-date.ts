import { DATE_SANITY_YEARS, TWO_DIGIT_YEAR_PIVOT } from './constants.ts';
import { err, ok, type Result } from './result.ts';

export const DATE_MESSAGES = {
  required: 'Date is required',
  invalid: 'Invalid date format',
  outOfRange: `Date seems incorrect (>${DATE_SANITY_YEARS} years from today)`,
  inline: 'Invalid Date Format! Please fix.',
} as const;

/** A calendar date with a 1-based month; kept apart from Date so no time zone can shift it. */
interface Ymd {
  y: number;
  m: number;
  d: number;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

const isLeapYear = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(y: number, m: number): number {
  return m === 2 && isLeapYear(y) ? 29 : (DAYS_IN_MONTH[m - 1] ?? 0);
}

function isValidYmd({ y, m, d }: Ymd): boolean {
  return Number.isInteger(y) && Number.isInteger(m) && Number.isInteger(d) && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

// Callers hand us "today" as a local Date: the user's calendar day is what matters.
const ymdOf = (date: Date): Ymd => ({ y: date.getFullYear(), m: date.getMonth() + 1, d: date.getDate() });

const formatYmd = ({ y, m, d }: Ymd): string => `${pad2(m)}/${pad2(d)}/${String(y).padStart(4, '0')}`;

// UTC arithmetic avoids daylight-saving gaps; setUTCFullYear avoids Date.UTC's 0–99 → 19xx quirk.
function utcOf({ y, m, d }: Ymd): Date {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date;
}

function addDays(base: Ymd, days: number): Ymd {
  const date = utcOf({ ...base, d: base.d + days });
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

// Month and year steps clamp to the end of the target month (Jan 31 + 1 month = Feb 28/29),
// which is what people mean by "a month from now", rather than spilling into March.
function addMonths(base: Ymd, months: number): Ymd {
  const index = base.y * 12 + (base.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return { y, m, d: Math.min(base.d, daysInMonth(y, m)) };
}

/** Two-digit years below the pivot are 20xx, the rest 19xx. */
export function expandTwoDigitYear(yy: number): number {
  return yy < TWO_DIGIT_YEAR_PIVOT ? 2000 + yy : 1900 + yy;
}

const KEYWORD_OFFSETS = new Map<string, number>([
  ['today', 0],
  ['tomorrow', 1],
  ['tom', 1],
  ['yesterday', -1],
]);

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function parseRelative(text: string, base: Ymd): Ymd | null {
  const offset = KEYWORD_OFFSETS.get(text);
  if (offset !== undefined) return addDays(base, offset);

  const next = /^next (\w+)$/.exec(text);
  if (next) {
    const name = next[1] ?? '';
    const target = WEEKDAYS.findIndex((day) => day === name || day.slice(0, 3) === name);
    if (target < 0) return null;
    // Strictly after today: "next friday" said on a Friday means a week later.
    const ahead = (target - utcOf(base).getUTCDay() + 7) % 7 || 7;
    return addDays(base, ahead);
  }

  const span = /^(\d{1,5}) ?(day|week|month|year)s?$/.exec(text);
  if (span) {
    const n = Number(span[1]);
    switch (span[2]) {
      case 'day':
        return addDays(base, n);
      case 'week':
        return addDays(base, n * 7);
      case 'month':
        return addMonths(base, n);
      default:
        return addMonths(base, n * 12);
    }
  }
  return null;
}

function parseNumeric(text: string, currentYear: number): Ymd | null {
  let g = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (g) return { m: Number(g[1]), d: Number(g[2]), y: Number(g[3]) };

  g = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (g) return { m: Number(g[1]), d: Number(g[2]), y: expandTwoDigitYear(Number(g[3])) };

  g = /^(\d{1,2})[/-](\d{1,2})$/.exec(text);
  if (g) return { m: Number(g[1]), d: Number(g[2]), y: currentYear };

  g = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (g) {
    const year = g[3] ?? '';
    return { m: Number(g[1]), d: Number(g[2]), y: year.length === 2 ? expandTwoDigitYear(Number(year)) : Number(year) };
  }
  return null;
}

/** Reads what a person types in a date box (SPEC §5) and returns MM/DD/YYYY. */
export function parseSmartDate(input: string, today: Date): Result<string> {
  const text = input.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return err(DATE_MESSAGES.required);

  const base = ymdOf(today);
  const date = parseRelative(text, base) ?? parseNumeric(text, base.y);
  if (!date || !isValidYmd(date)) return err(DATE_MESSAGES.invalid);
  if (Math.abs(date.y - base.y) > DATE_SANITY_YEARS) return err(DATE_MESSAGES.outOfRange);
  return ok(formatYmd(date));
}

function parseUs(text: string): Ymd | null {
  const g = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!g) return null;
  const date = { m: Number(g[1]), d: Number(g[2]), y: Number(g[3]) };
  return isValidYmd(date) ? date : null;
}

/** MM/DD/YYYY → YYYY-MM-DD (the stored form), null when it is not a real date. */
export function toIsoDate(mmddyyyy: string): string | null {
  const date = parseUs(mmddyyyy);
  return date ? `${String(date.y).padStart(4, '0')}-${pad2(date.m)}-${pad2(date.d)}` : null;
}

/**
 * MM/DD/YYYY for display. ISO strings are read by their written date part, so a stored
 * date or timestamp never moves a day with the viewer's time zone.
 */
export function formatUsDate(value: string | Date | null | undefined): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : formatYmd(ymdOf(value));
  if (!value) return '';
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}.*)?$/.exec(text);
  const date = iso ? { y: Number(iso[1]), m: Number(iso[2]), d: Number(iso[3]) } : parseUs(text);
  return date && isValidYmd(date) ? formatYmd(date) : '';
}

/** Today as MM/DD/YYYY: the value an empty date box defaults to. */
export function todayUs(today: Date): string {
  return formatYmd(ymdOf(today));
}

/**
 * Masks typed digits as MM/DD/YYYY. Words ("tom", "next friday") and short-segment
 * entries ("1/5", "1/5/25") are other accepted forms, so they are left as typed.
 */
export function maskDateInput(raw: string): string {
  if (!/^[\d/]*$/.test(raw)) return raw;
  const segments = raw.split('/');
  if (segments.slice(0, -1).some((segment) => segment.length < 2)) return raw;

  const digits = raw.replace(/\//g, '').slice(0, 8);
  let masked = digits.slice(0, 2);
  if (digits.length > 2) masked += `/${digits.slice(2, 4)}`;
  if (digits.length > 4) masked += `/${digits.slice(4)}`;
  // Keep a slash the user typed at a mask position so the caret does not jump back.
  if (raw.endsWith('/') && (digits.length === 2 || digits.length === 4)) masked += '/';
  return masked;
}

/**
 * Why a stored date (YYYY-MM-DD) is refused, or null: it must be a real calendar date within
 * the sanity window of `today` (SPEC §5). The server checks every entry and item date with it.
 */
export function isoDateProblem(iso: string, today: Date): string | null {
  const g = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const date = g ? { y: Number(g[1]), m: Number(g[2]), d: Number(g[3]) } : null;
  if (!date || !isValidYmd(date)) return DATE_MESSAGES.invalid;
  return Math.abs(date.y - today.getFullYear()) > DATE_SANITY_YEARS ? DATE_MESSAGES.outOfRange : null;
}
