import { describe, expect, it } from 'vitest';
import type { TReportResponse } from '../api/reports.ts';
import { billedLabel, GRAND_TOTAL, reportTableColumns, reportTableLines, subtotalLabel, totalsValues } from './report-layout.ts';

const t = (hours: number, timeValue?: number, expenses?: number) =>
  ({ hours, timeEntries: 1, expenseEntries: expenses ? 1 : 0, ...(timeValue === undefined ? {} : { timeValue, expenses: expenses ?? 0 }) });

describe('reportTableColumns', () => {
  it.each([
    [{ groupBy: 'client', thenBy: null, money: false }, ['Client', 'Hours', 'Time entries', 'Expense entries']],
    [{ groupBy: 'client', thenBy: 'project', money: false }, ['Client / Project', 'Hours', 'Time entries', 'Expense entries']],
    [{ groupBy: 'staff', thenBy: 'job-type', money: true },
      ['Staff member / Job type', 'Hours', 'Time entries', 'Expense entries', 'Time value', 'Expenses', 'Total']],
  ] as const)('%o → %o', (shape, columns) => {
    expect(reportTableColumns(shape)).toEqual(columns);
  });
});

describe('totalsValues', () => {
  it.each([
    [t(2.5), false, [2.5, 1, 0]],
    [t(2.5, 250.1, 0.2), true, [2.5, 1, 1, 250.1, 0.2, 250.3]],
    [{ hours: 0, timeEntries: 0, expenseEntries: 0 }, true, [0, 0, 0, 0, 0, 0]],
  ] as const)('%o (money %s) → %o', (totals, money, values) => {
    expect(totalsValues(totals, money)).toEqual(values);
  });
});

describe('reportTableLines', () => {
  const base = { groupBy: 'client', from: '2026-03-01', to: '2026-03-31' } as const;

  it('lists one-level groups, then the Grand Total', () => {
    const report: TReportResponse = { ...base, money: false, thenBy: null, rows: [
      { key: 'a', label: 'Avery', ...t(3) }, { key: 'b', label: 'Birch', ...t(1) },
    ], totals: t(4) };
    expect(reportTableLines(report).map((l) => [l.kind, l.label, l.values])).toEqual([
      ['row', 'Avery', [3, 1, 0]], ['row', 'Birch', [1, 1, 0]], ['total', GRAND_TOTAL, [4, 1, 0]],
    ]);
  });

  it('opens each group with its name, lists its subgroups and closes it with its subtotal', () => {
    const report: TReportResponse = { ...base, money: true, thenBy: 'project', rows: [
      { key: 'a', label: 'Avery', ...t(3, 300), children: [{ key: 'p1', label: 'P-1 — One', ...t(1, 100) }, { key: 'p2', label: 'P-2 — Two', ...t(2, 200) }] },
      { key: 'b', label: 'Birch', ...t(1, 100, 5), children: [{ key: 'p3', label: 'P-3 — Three', ...t(1, 100, 5) }] },
    ], totals: t(4, 400, 5) };
    expect(reportTableLines(report).map((l) => [l.kind, l.label, l.values?.[0] ?? null, l.values?.[5] ?? null])).toEqual([
      ['heading', 'Avery', null, null],
      ['subgroup', 'P-1 — One', 1, 100], ['subgroup', 'P-2 — Two', 2, 200],
      ['subtotal', 'Subtotal Avery', 3, 300],
      ['heading', 'Birch', null, null],
      ['subgroup', 'P-3 — Three', 1, 105],
      ['subtotal', 'Subtotal Birch', 1, 105],
      ['total', 'Grand Total', 4, 405],
    ]);
  });

  it('has just the Grand Total for an empty report', () => {
    expect(reportTableLines({ money: false, rows: [], totals: t(0) })).toEqual([{ kind: 'total', label: GRAND_TOTAL, values: [0, 1, 0] }]);
  });
});

describe('labels', () => {
  it.each([[null, 'Not billed'], [7, 'Bill 0007'], [12345, 'Bill 12345']] as const)('billed %s → %s', (n, label) => {
    expect(billedLabel(n)).toBe(label);
  });

  it('names a subtotal by its group', () => {
    expect(subtotalLabel('Avery Holdings')).toBe('Subtotal Avery Holdings');
  });
});
