import type { TReportResponse, TReportTotals } from '../api/reports.ts';
import { formatBillNumber } from '../billing/billing.ts';
import { roundToCents } from '../money.ts';
import { GROUP_LABELS } from '../time/reports.ts';

// The report table's rows and columns as one list (issue 28, docs/decisions/098): the screen's
// table, the grouped CSV and the XLSX's 'Report' sheet are all laid out from it, so a file has the
// screen's groups, subtotals and grand total in the same order with the same labels and numbers.

export const GRAND_TOTAL = 'Grand Total';
export const subtotalLabel = (groupLabel: string) => `Subtotal ${groupLabel}`;

type Shape = Pick<TReportResponse, 'groupBy' | 'thenBy' | 'money'>;

/** The table's column titles: the grouping(s), hours, counts, and the money columns for super admins. */
export function reportTableColumns({ groupBy, thenBy, money }: Shape): string[] {
  const first = `${GROUP_LABELS[groupBy]}${thenBy ? ` / ${GROUP_LABELS[thenBy]}` : ''}`;
  return [first, 'Hours', 'Time entries', 'Expense entries', ...(money ? ['Time value', 'Expenses', 'Total'] : [])];
}

/** The numbers of one row, in the columns' order (Total = time value + expenses, in cents). */
export function totalsValues(t: TReportTotals, money: boolean): number[] {
  const base = [t.hours, t.timeEntries, t.expenseEntries];
  if (!money) return base;
  const value = t.timeValue ?? 0;
  const expenses = t.expenses ?? 0;
  return [...base, value, expenses, roundToCents(value + expenses)];
}

/**
 * A row of the table: `heading` opens a group of a two-level report (its name, no numbers),
 * `subgroup` is one of its subgroups, `subtotal` closes it; `row` is a group of a one-level report;
 * `total` is the grand total.
 */
export type ReportLineKind = 'heading' | 'subgroup' | 'subtotal' | 'row' | 'total';
export interface ReportLine { kind: ReportLineKind; label: string; values: number[] | null }

/** Every row of the report's table, top to bottom. */
export function reportTableLines(report: Pick<TReportResponse, 'money' | 'rows' | 'totals'>): ReportLine[] {
  const { money } = report;
  const lines: ReportLine[] = [];
  for (const row of report.rows) {
    if (!row.children) {
      lines.push({ kind: 'row', label: row.label, values: totalsValues(row, money) });
      continue;
    }
    lines.push({ kind: 'heading', label: row.label, values: null });
    for (const child of row.children) lines.push({ kind: 'subgroup', label: child.label, values: totalsValues(child, money) });
    lines.push({ kind: 'subtotal', label: subtotalLabel(row.label), values: totalsValues(row, money) });
  }
  lines.push({ kind: 'total', label: GRAND_TOTAL, values: totalsValues(report.totals, money) });
  return lines;
}

/** What an entry's 'Billed' column says: the issued bill it is on ('Bill 0007'), or 'Not billed'. */
export const billedLabel = (lockedBill: number | null) => (lockedBill === null ? 'Not billed' : `Bill ${formatBillNumber(lockedBill)}`);

