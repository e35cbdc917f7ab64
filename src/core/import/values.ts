// Reading the values of an imported file: dates, durations and amounts in the formats the tools write.

/** A name as compared when matching (trimmed, inner spaces collapsed, case-insensitive). */
export function nameKey(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A header as compared when recognising a file (a UTF-8 BOM and case do not matter). */
export function headerKey(value: string): string {
  return nameKey(value.replace(/^\uFEFF/, ''));
}

const pad = (n: number) => String(n).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > last ? null : `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A calendar date: ISO `2024-01-15` (Toggl, Harvest, Kimai, Casebook; a time after it is ignored),
 * US `01/15/2024` (Clockify's default, Harvest's US exports) or European `15.01.2024` (Kimai in German).
 * Null when it is no real date.
 */
export function parseDate(text: string): string | null {
  const value = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (m) return isoDate(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

/**
 * Hours from a duration: `01:30:00` or `1:30` (h:mm[:ss], Toggl, Clockify, Kimai) or a decimal
 * `1.5` / `1,5` (Harvest, Clockify's decimal column). Negative values stay negative (refused later);
 * null when it is no duration.
 */
export function parseHours(text: string): number | null {
  const value = text.trim();
  const clock = /^(-?)(\d+):(\d{1,2})(?::(\d{1,2}))?$/.exec(value);
  if (clock) {
    const [, sign, h, m, s] = clock;
    if (Number(m) > 59 || Number(s ?? 0) > 59) return null;
    const hours = Number(h) + Number(m) / 60 + Number(s ?? 0) / 3600;
    return sign ? -hours : hours;
  }
  return parseAmount(value);
}

/** A plain number (`1234.50`, `1,234.50`, `12,5`); null when empty or not a number. */
export function parseAmount(text: string): number | null {
  let value = text.trim().replace(/^\$/, '');
  if (value === '') return null;
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) value = value.replace(/,/g, '');
  else if (/^-?\d+,\d+$/.test(value)) value = value.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(value)) return null;
  return Number(value);
}

const BILLABLE_WORDS = new Map<string, boolean>([
  ['yes', true], ['y', true], ['true', true], ['1', true], ['billable', true],
  ['no', false], ['n', false], ['false', false], ['0', false], ['non-billable', false], ['not billable', false],
]);

/**
 * A billable flag as the tools write it (Toggl and Clockify `Yes`/`No`, Harvest `Yes`/`No`, Kimai
 * `1`/`0`); empty is billable (the file says nothing: Casebook's default). Null when it is neither.
 */
export function parseBillable(text: string): boolean | null {
  const value = nameKey(text);
  if (value === '') return true;
  return BILLABLE_WORDS.get(value) ?? null;
}

/** Rounded to cents (hours and money are stored with two decimals). */
export const round2 = (n: number) => Math.round(n * 100) / 100;
