import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketOf, caseLabel, csvField, csvLine, entryGroupLabel, periodRange, projectLabel, rangeProblem, reportFileName } from './reports.ts';

describe('periodRange', () => {
  it.each([
    ['this-week', '2026-11-23', '2026-11-23', '2026-11-29'],
    ['this-week', '2026-11-29', '2026-11-23', '2026-11-29'],
    ['last-week', '2026-11-23', '2026-11-16', '2026-11-22'],
    ['last-week', '2026-01-01', '2025-12-22', '2025-12-28'],
    ['this-month', '2026-02-10', '2026-02-01', '2026-02-28'],
    ['this-month', '2028-02-10', '2028-02-01', '2028-02-29'],
    ['last-month', '2026-01-15', '2025-12-01', '2025-12-31'],
    ['last-month', '2026-03-31', '2026-02-01', '2026-02-28'],
    ['this-year', '2026-06-30', '2026-01-01', '2026-12-31'],
  ] as const)('%s on %s → %s … %s (weeks from Monday)', (period, today, from, to) => {
    expect(periodRange(period, today, 1)).toEqual({ from, to });
  });

  it.each([
    ['this-week', '2026-11-29', 7, '2026-11-29', '2026-12-05'],
    ['this-week', '2026-11-28', 7, '2026-11-22', '2026-11-28'],
    ['last-week', '2026-11-29', 7, '2026-11-22', '2026-11-28'],
    ['this-week', '2026-11-29', 6, '2026-11-28', '2026-12-04'],
  ] as const)('%s on %s, weeks from day %i → %s … %s (the first day of the firm)', (period, today, startsOn, from, to) => {
    expect(periodRange(period, today, startsOn)).toEqual({ from, to });
  });

  it('has no range of its own for custom', () => {
    expect(periodRange('custom', '2026-11-23', 1)).toBeNull();
  });
});

describe('rangeProblem', () => {
  it.each([
    ['2026-11-01', '2026-11-30', null],
    ['2026-11-01', '2026-11-01', null],
    ['2026-11-30', '2026-11-01', 'The end of the period is before its start.'],
  ])('%s … %s', (from, to, problem) => {
    expect(rangeProblem(from, to)).toBe(problem);
  });
});

describe('csvField (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    [12.5, '12.5'],
    [-3, '-3'],
    [null, ''],
    [undefined, ''],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['@cmd, x', `"'@cmd, x"`],
  ] as const)('%j → %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('ends each record with CRLF', () => {
    expect(csvLine(['a', 1, 'b,c'])).toBe('a,1,"b,c"\r\n');
  });
});

describe('file names and labels', () => {
  it('names the period', () => {
    expect(reportFileName('2026-11-01', '2026-11-30', 'xlsx')).toBe('Report-2026-11-01-to-2026-11-30.xlsx');
    expect(reportFileName('2026-11-01', '2026-11-30', 'csv', 'grouped')).toBe('Report-2026-11-01-to-2026-11-30.csv');
    expect(reportFileName('2026-11-01', '2026-11-30', 'csv', 'entries')).toBe('Report-2026-11-01-to-2026-11-30-entries.csv');
  });
  it.each([
    ['day', '2026-11-05', '11/05/2026'],
    ['week', '2026-11-02', 'Week of 11/02/2026'],
    ['month', '2026-11-01', 'Nov 2026'],
  ] as const)('%s %s → %s', (group, iso, label) => {
    expect(bucketLabel(group, iso)).toBe(label);
  });
});

describe('group labels of an entry (the exports\' group columns)', () => {
  const entry = {
    kind: 'time' as const, date: '2026-03-04', client: 'Avery Holdings', caseLabel: caseLabel('26-000001', 'Kitchen fire'),
    project: projectLabel('26-000001-01', ''), staff: 'Ann Lee', type: 'Principal',
  };
  it.each([
    ['client', 'Avery Holdings'], ['case', '26-000001 — Kitchen fire'], ['project', '26-000001-01 — Unnamed Project'],
    ['staff', 'Ann Lee'], ['job-type', 'Principal'], ['day', '03/04/2026'], ['week', 'Week of 03/02/2026'], ['month', 'Mar 2026'],
  ] as const)('by %s: %s', (group, label) => expect(entryGroupLabel(group, entry, 1)).toBe(label));

  it('marks expense types and leaves a case without a name as its file number', () => {
    expect(entryGroupLabel('job-type', { ...entry, kind: 'expense', type: 'Fuel' }, 1)).toBe('Fuel (expense)');
    expect(caseLabel('26-000002', '')).toBe('26-000002');
  });

  it.each([
    ['day', '2026-03-08', '2026-03-08'], ['week', '2026-03-08', '2026-03-02'], ['month', '2026-03-31', '2026-03-01'],
    ['week-from-sunday', '2026-03-08', '2026-03-08'], ['week-from-sunday', '2026-03-07', '2026-03-01'],
  ] as const)('puts a date in its %s bucket', (group, iso, bucket) => {
    const sunday = group === 'week-from-sunday';
    expect(bucketOf(sunday ? 'week' : group, iso, sunday ? 7 : 1)).toBe(bucket);
  });
});
