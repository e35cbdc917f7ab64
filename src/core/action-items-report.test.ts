import { describe, expect, it } from 'vitest';
import {
  filterDescription, itemsForReport, reportRow, reportSummary, summaryNeedsNewPage, type PdfFilterSet, type ReportItem,
} from './action-items-report.ts';

const item = (fields: Partial<ReportItem> = {}): ReportItem => ({
  status: 'open', archived: false, assignee: 'u1', assigneeName: 'Ana Diaz', attorneyName: 'J. Counsel',
  clientName: 'Acme LLC', shortDescription: 'Site visit', dueDate: '2026-03-15', dateCompleted: null, ...fields,
});
const filter = (fields: Partial<PdfFilterSet> = {}): PdfFilterSet => ({
  status: 'all', assignee: 'all', dateRange: { start: '', end: '' }, ...fields,
});

describe('reportRow', () => {
  it.each([
    ['all present', item(), ['J. Counsel', 'Acme LLC', 'Ana Diaz', 'Site visit', '03/15/2026', 'Open', '']],
    ['missing attorney and assignee', item({ attorneyName: ' ', assigneeName: '' }),
      ['N/A', 'Acme LLC', 'Unassigned', 'Site visit', '03/15/2026', 'Open', '']],
    ['completed shows its date', item({ status: 'completed', dateCompleted: '2026-03-16' }),
      ['J. Counsel', 'Acme LLC', 'Ana Diaz', 'Site visit', '03/15/2026', 'Completed', '03/16/2026']],
    ['unparsable dates print blank', item({ dueDate: 'soon', status: 'completed', dateCompleted: 'x' }),
      ['J. Counsel', 'Acme LLC', 'Ana Diaz', 'Site visit', '', 'Completed', '']],
    ['closed', item({ status: 'closed', dueDate: null }), ['J. Counsel', 'Acme LLC', 'Ana Diaz', 'Site visit', '', 'Closed', '']],
  ])('%s', (_name, input, expected) => {
    expect(reportRow(input)).toEqual(expected);
  });
});

describe('itemsForReport', () => {
  const items = [
    item({ shortDescription: 'a', dueDate: '2026-01-10' }),
    item({ shortDescription: 'b', dueDate: '2026-02-10', status: 'completed' }),
    item({ shortDescription: 'c', dueDate: '2026-03-10', assignee: 'u2' }),
    item({ shortDescription: 'd', dueDate: '2026-02-11', archived: true }),
    item({ shortDescription: 'e', dueDate: null }),
  ];
  it.each([
    ['all', filter(), ['a', 'b', 'c', 'd', 'e']],
    ['open', filter({ status: 'open' }), ['a', 'c', 'e']],
    ['active', filter({ status: 'active' }), ['a', 'b', 'c', 'e']],
    ['assignee', filter({ assignee: 'u2' }), ['c']],
    ['start only', filter({ dateRange: { start: '2026-02-10', end: '' } }), ['b', 'c', 'd']],
    ['end only', filter({ dateRange: { start: '', end: '2026-02-10' } }), ['a', 'b']],
    ['both, inclusive', filter({ dateRange: { start: '2026-02-10', end: '2026-02-11' } }), ['b', 'd']],
  ])('%s', (_name, f, expected) => {
    expect(itemsForReport(items, f).map((i) => i.shortDescription)).toEqual(expected);
  });
});

describe('summary', () => {
  it('counts by status', () => {
    expect(reportSummary([item(), item({ status: 'closed' }), item({ status: 'completed' }), item()]))
      .toEqual({ total: 4, open: 2, completed: 1, closed: 1 });
  });
  it.each([[149.9, true], [150, false], [400, false], [0, true]])('%d pt left → new page %s', (left, expected) => {
    expect(summaryNeedsNewPage(left)).toBe(expected);
  });
});

describe('filterDescription', () => {
  it.each([
    [filter({ status: 'open' }), '', 'Status: Open · Assignee: All Assignees · Due: All dates'],
    [filter({ assignee: 'u1', dateRange: { start: '2026-01-01', end: '' } }), 'Ana Diaz',
      'Status: All · Assignee: Ana Diaz · Due: 01/01/2026 to any'],
  ])('%#', (f, name, expected) => {
    expect(filterDescription(f, name)).toBe(expected);
  });
});
