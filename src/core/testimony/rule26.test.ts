import { describe, expect, it } from 'vitest';
import { csvField, inRule26Window, rule26Csv, rule26FileName, rule26List, rule26Window, yearsBefore } from './rule26.ts';

describe('the Rule 26 window: the four years before the as-of date, both ends included', () => {
  it.each([
    ['2022-06-02', '2026-06-01', true],
    ['2022-06-01', '2026-06-01', true],
    ['2022-05-31', '2026-06-01', false],
    ['2026-06-01', '2026-06-01', true],
    ['2026-06-02', '2026-06-01', false],
    ['2024-02-29', '2028-02-29', true],
    ['2024-02-28', '2028-02-29', false],
    ['2021-02-28', '2025-02-28', true],
    ['2021-02-27', '2025-02-28', false],
  ])('%s as of %s: %s', (date, asOf, expected) => {
    expect(inRule26Window(date, asOf)).toBe(expected);
  });

  it.each([
    ['2026-06-01', { from: '2022-06-01', to: '2026-06-01' }],
    ['2028-02-29', { from: '2024-02-29', to: '2028-02-29' }],
  ])('window as of %s', (asOf, window) => expect(rule26Window(asOf)).toEqual(window));

  it.each([
    ['2024-02-29', 1, '2023-02-28'],
    ['2026-12-31', 4, '2022-12-31'],
  ])('%s minus %i years is %s', (iso, years, expected) => expect(yearsBefore(iso, years)).toBe(expected));
});

describe('the list', () => {
  const ev = (id: string, kind: string, eventDate: string, caption = `Case ${id}`) => ({ id, kind, eventDate, caption, court: 'Court', docket: 'D' });
  it('keeps trials and depositions in the window, newest first', () => {
    const list = rule26List([
      ev('a', 'deposition', '2022-06-02'), ev('b', 'trial', '2025-01-10'), ev('c', 'hearing', '2025-01-11'),
      ev('d', 'arbitration', '2024-01-01'), ev('e', 'deposition', '2022-05-31'), ev('f', 'trial', '2022-06-01'),
      ev('g', 'deposition', '2026-06-02'),
    ], '2026-06-01');
    expect(list.map((e) => e.id)).toEqual(['b', 'a', 'f']);
  });

  it('writes a CSV with the columns and quotes what needs it', () => {
    expect(rule26Csv([ev('a', 'trial', '2025-01-10', 'Smith v. Jones, Inc.')]))
      .toBe('Date,Type,Caption,Court,Docket\r\n01/10/2025,Trial,"Smith v. Jones, Inc.",Court,D\r\n');
  });

  it.each([['=SUM(A1)', "'=SUM(A1)"], ['a "b"', '"a ""b"""'], ['plain', 'plain']])('csv field %s', (v, out) => expect(csvField(v)).toBe(out));

  it('names the files', () => expect(rule26FileName('Dana O\'Neil', '2026-06-01', 'docx')).toBe('Rule26-Dana-O-Neil-06-01-2026.docx'));
});
