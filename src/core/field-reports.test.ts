import { describe, expect, it } from 'vitest';
import { ATTACHMENT_KINDS, ATTACHMENTS, displayNumber, nextReportNumber, reportDateProblem } from './field-reports.ts';

describe('nextReportNumber', () => {
  it.each([
    [[], '001'],
    [['001', '002'], '003'],
    [['009', 'FR-012', 'misc'], '013'],
    [['999'], '1000'],
    [['A'], '001'],
  ])('%j → %s', (existing, expected) => {
    expect(nextReportNumber(existing)).toBe(expected);
  });
});

describe('displayNumber', () => {
  it.each([['003', 0, '003'], ['003', 1, '003-R1'], ['003', 2, '003-R2']])('%s rev %i', (n, r, expected) => {
    expect(displayNumber(n, r)).toBe(expected);
  });
});

describe('reportDateProblem', () => {
  const today = new Date(2026, 10, 23);
  it.each([
    ['2026-11-23', null],
    ['2017-01-01', null],
    ['2015-01-01', 'Date seems incorrect (>10 years from today)'],
    ['2037-01-01', 'Date seems incorrect (>10 years from today)'],
    ['2026-02-30', 'Invalid date format'],
    ['', 'Date is required'],
    ['11/23/2026', 'Invalid date format'],
  ])('%s', (iso, expected) => {
    expect(reportDateProblem(iso, today)).toBe(expected);
  });
});

describe('ATTACHMENTS', () => {
  it('lists the SPEC §9 checklist in its order, each with its stored kind and pages', () => {
    expect(ATTACHMENT_KINDS.map((k) => ATTACHMENTS[k].title)).toEqual(['Diagrams', 'Readings', 'Photos']);
    expect(ATTACHMENT_KINDS.map((k) => [ATTACHMENTS[k].kind, ATTACHMENTS[k].perPage])).toEqual([['diagram', 1], ['reading', 2], ['photo', 2]]);
  });
});
