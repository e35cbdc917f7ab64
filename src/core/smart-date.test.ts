import { describe, expect, it } from 'vitest';
import {
  DATE_MESSAGES,
  expandTwoDigitYear,
  formatUsDate,
  isoDateProblem,
  maskDateInput,
  parseSmartDate,
  toIsoDate,
  todayUs,
} from './smart-date.ts';

// Wednesday 15 January 2025, local time.
const WED = new Date(2025, 0, 15);

describe('parseSmartDate', () => {
  it.each([
    ['today', WED, '01/15/2025'],
    ['  TODAY  ', WED, '01/15/2025'],
    ['tomorrow', WED, '01/16/2025'],
    ['Tom', WED, '01/16/2025'],
    ['tomorrow', new Date(2025, 11, 31), '01/01/2026'],
    ['yesterday', WED, '01/14/2025'],
    ['yesterday', new Date(2024, 2, 1), '02/29/2024'],
    ['next friday', WED, '01/17/2025'],
    ['next fri', WED, '01/17/2025'],
    ['NEXT   Sunday', WED, '01/19/2025'],
    ['next wednesday', WED, '01/22/2025'],
    ['next tue', WED, '01/21/2025'],
    ['next friday', new Date(2025, 0, 17), '01/24/2025'],
    ['next sat', new Date(2025, 11, 29), '01/03/2026'],
    ['0 days', WED, '01/15/2025'],
    ['1 day', WED, '01/16/2025'],
    ['3 days', WED, '01/18/2025'],
    ['3days', WED, '01/18/2025'],
    ['1 week', WED, '01/22/2025'],
    ['2 weeks', WED, '01/29/2025'],
    ['1 month', WED, '02/15/2025'],
    ['12 months', WED, '01/15/2026'],
    // Month steps clamp to the last day of the target month.
    ['1 month', new Date(2025, 0, 31), '02/28/2025'],
    ['1 month', new Date(2024, 0, 31), '02/29/2024'],
    ['1 month', new Date(2025, 2, 31), '04/30/2025'],
    ['1 year', WED, '01/15/2026'],
    ['1 year', new Date(2024, 1, 29), '02/28/2025'],
    ['4 years', new Date(2024, 1, 29), '02/29/2028'],
    ['10 years', WED, '01/15/2035'],
    ['01152025', WED, '01/15/2025'],
    ['02292024', WED, '02/29/2024'],
    ['011525', WED, '01/15/2025'],
    ['123124', WED, '12/31/2024'],
    ['1/5', WED, '01/05/2025'],
    ['12/25', WED, '12/25/2025'],
    ['1-5', WED, '01/05/2025'],
    ['2/29', new Date(2024, 5, 1), '02/29/2024'],
    ['12/25/24', WED, '12/25/2024'],
    ['1/5/2025', WED, '01/05/2025'],
    ['01/05/2025', WED, '01/05/2025'],
    ['2/29/2024', WED, '02/29/2024'],
    ['2/29/2000', new Date(2005, 0, 1), '02/29/2000'],
    ['1/1/2035', WED, '01/01/2035'],
    ['1/1/2015', WED, '01/01/2015'],
    // Two-digit pivot: 69 is 2069, 70 is 1970 (checked with a "today" near each).
    ['1/1/69', new Date(2065, 0, 1), '01/01/2069'],
    ['1/1/70', new Date(1975, 0, 1), '01/01/1970'],
    ['010169', new Date(2065, 0, 1), '01/01/2069'],
    ['010170', new Date(1975, 0, 1), '01/01/1970'],
  ])('%j (today %s) → %s', (input, today, expected) => {
    expect(parseSmartDate(input, today)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', DATE_MESSAGES.required],
    ['   ', DATE_MESSAGES.required],
    ['someday', DATE_MESSAGES.invalid],
    ['next', DATE_MESSAGES.invalid],
    ['next blursday', DATE_MESSAGES.invalid],
    ['next month', DATE_MESSAGES.invalid],
    ['in 3 days', DATE_MESSAGES.invalid],
    ['5 fortnights', DATE_MESSAGES.invalid],
    ['123', DATE_MESSAGES.invalid],
    ['1234567', DATE_MESSAGES.invalid],
    ['1/2/3', DATE_MESSAGES.invalid],
    ['1/2/202', DATE_MESSAGES.invalid],
    ['01/15/2025x', DATE_MESSAGES.invalid],
    ['2025-01-15', DATE_MESSAGES.invalid],
    ['2/29/2025', DATE_MESSAGES.invalid],
    ['2/30/2024', DATE_MESSAGES.invalid],
    ['02302024', DATE_MESSAGES.invalid],
    ['2/29/1900', DATE_MESSAGES.invalid],
    ['2/29', DATE_MESSAGES.invalid],
    ['4/31/2025', DATE_MESSAGES.invalid],
    ['13/1/2025', DATE_MESSAGES.invalid],
    ['0/1/2025', DATE_MESSAGES.invalid],
    ['1/0/2025', DATE_MESSAGES.invalid],
    ['1/32', DATE_MESSAGES.invalid],
    ['1/1/2036', DATE_MESSAGES.outOfRange],
    ['1/1/2014', DATE_MESSAGES.outOfRange],
    ['12/31/99', DATE_MESSAGES.outOfRange],
    ['1/1/69', DATE_MESSAGES.outOfRange],
    ['11 years', DATE_MESSAGES.outOfRange],
    ['999 months', DATE_MESSAGES.outOfRange],
  ])('%j → %s', (input, error) => {
    expect(parseSmartDate(input, WED)).toEqual({ ok: false, error });
  });

  it('uses the spec texts', () => {
    expect(DATE_MESSAGES).toEqual({
      required: 'Date is required',
      invalid: 'Invalid date format',
      outOfRange: 'Date seems incorrect (>10 years from today)',
      inline: 'Invalid Date Format! Please fix.',
    });
  });
});

describe('expandTwoDigitYear', () => {
  it.each([
    [0, 2000],
    [25, 2025],
    [69, 2069],
    [70, 1970],
    [99, 1999],
  ])('%i → %i', (yy, year) => {
    expect(expandTwoDigitYear(yy)).toBe(year);
  });
});

describe('toIsoDate', () => {
  it.each([
    ['01/15/2025', '2025-01-15'],
    ['1/5/2025', '2025-01-05'],
    [' 02/29/2024 ', '2024-02-29'],
    ['02/29/2025', null],
    ['13/01/2025', null],
    ['01/15/25', null],
    ['2025-01-15', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(toIsoDate(input)).toBe(expected);
  });
});

describe('formatUsDate', () => {
  it.each([
    ['2025-01-15', '01/15/2025'],
    ['2025-01-15T10:30:00Z', '01/15/2025'],
    ['2025-01-15T23:59:59.999-05:00', '01/15/2025'],
    ['2025-01-15 10:30:00+00', '01/15/2025'],
    ['1/5/2025', '01/05/2025'],
    [new Date(2025, 0, 15), '01/15/2025'],
    [new Date(2024, 1, 29, 23, 59), '02/29/2024'],
    [new Date('not a date'), ''],
    ['2025-02-30', ''],
    ['2025-13-01', ''],
    ['2025-01-15Tnoon', ''],
    ['garbage', ''],
    ['1', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (input, expected) => {
    expect(formatUsDate(input)).toBe(expected);
  });
});

describe('todayUs', () => {
  it.each([
    [new Date(2025, 0, 5, 23, 59), '01/05/2025'],
    [new Date(2024, 11, 31, 0, 0), '12/31/2024'],
  ])('%s → %s', (today, expected) => {
    expect(todayUs(today)).toBe(expected);
  });
});

describe('maskDateInput', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['01', '01'],
    ['011', '01/1'],
    ['0115', '01/15'],
    ['01152', '01/15/2'],
    ['01152025', '01/15/2025'],
    ['011520259', '01/15/2025'],
    ['01/15/2025', '01/15/2025'],
    ['01/15/20251', '01/15/2025'],
    ['01/', '01/'],
    ['01/15/', '01/15/'],
    ['0115/', '01/15/'],
    ['01/1', '01/1'],
    ['1/5', '1/5'],
    ['1/5/25', '1/5/25'],
    ['12/5/2025', '12/5/2025'],
    ['1-5', '1-5'],
    ['tom', 'tom'],
    ['next friday', 'next friday'],
    ['3 days', '3 days'],
  ])('%j → %j', (raw, expected) => {
    expect(maskDateInput(raw)).toBe(expected);
  });

  it.each(['01152025', '011525'])('masked %j still parses to the same date', (digits) => {
    expect(parseSmartDate(maskDateInput(digits), WED)).toEqual(parseSmartDate(digits, WED));
  });
});

describe('isoDateProblem', () => {
  const today = new Date(2026, 10, 23);
  it.each([
    ['2026-11-23', null],
    ['2016-01-01', null],
    ['2036-12-31', null],
    ['2024-02-29', null],
    ['2025-02-29', 'Invalid date format'],
    ['2025-02-30', 'Invalid date format'],
    ['2025-13-01', 'Invalid date format'],
    ['11/23/2026', 'Invalid date format'],
    ['', 'Invalid date format'],
    ['2037-01-01', 'Date seems incorrect (>10 years from today)'],
    ['2015-12-31', 'Date seems incorrect (>10 years from today)'],
    ['0001-01-01', 'Date seems incorrect (>10 years from today)'],
  ])('%s → %s', (iso, expected) => expect(isoDateProblem(iso, today)).toBe(expected));
});
