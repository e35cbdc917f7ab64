import { filterActionItems, STATUS_LABELS, type StatusFilter, type UiStatus } from './action-items.ts';
import { formatUsDate } from './smart-date.ts';

// The action-items PDF (SPEC §3 "PDF filter set", §9 "Action items report"): which items, which
// cells, and where the summary goes. The server draws it; these rules are tested on their own.

export const REPORT_COLUMNS = ['Attorney', 'Client', 'Assignee', 'Description', 'Date', 'Status', 'Date Completed'] as const;
export const MISSING_ATTORNEY = 'N/A';
export const MISSING_ASSIGNEE = 'Unassigned';
/** The summary is printed on the last page only if this much room (pt) is left; else on a new page. */
export const SUMMARY_MIN_SPACE = 150;
export const ACTION_ITEMS_MARGINS = { top: 72, bottom: 100, left: 40, right: 40 } as const;
export const PDF_FAILED_MESSAGE = 'Failed to generate PDF report. Please try again.';

/** SPEC §3 PDF filter set. Dates are YYYY-MM-DD or empty; the range applies to the due date. */
export interface PdfFilterSet {
  status: StatusFilter;
  assignee: string | 'all';
  dateRange: { start: string; end: string };
}

export interface ReportItem {
  status: UiStatus;
  archived: boolean;
  assignee: string;
  assigneeName: string;
  attorneyName: string;
  clientName: string;
  shortDescription: string;
  /** ISO date (YYYY-MM-DD) or anything else, which prints blank. */
  dueDate: string | null;
  dateCompleted: string | null;
}

function inRange(iso: string | null, range: PdfFilterSet['dateRange']): boolean {
  if (!range.start && !range.end) return true;
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  return (!range.start || iso >= range.start) && (!range.end || iso <= range.end);
}

export function itemsForReport<T extends ReportItem>(items: readonly T[], filter: PdfFilterSet): T[] {
  return filterActionItems(items, { status: filter.status, assignee: filter.assignee })
    .filter((item) => inRange(item.dueDate, filter.dateRange));
}

/** One table row, in REPORT_COLUMNS order. */
export function reportRow(item: ReportItem): string[] {
  return [
    item.attorneyName.trim() || MISSING_ATTORNEY,
    item.clientName,
    item.assigneeName.trim() || MISSING_ASSIGNEE,
    item.shortDescription,
    formatUsDate(item.dueDate),
    STATUS_LABELS[item.status],
    item.status === 'completed' ? formatUsDate(item.dateCompleted) : '',
  ];
}

export interface ReportSummary {
  total: number;
  open: number;
  completed: number;
  closed: number;
}

export function reportSummary(items: readonly Pick<ReportItem, 'status'>[]): ReportSummary {
  const count = (s: UiStatus) => items.filter((i) => i.status === s).length;
  return { total: items.length, open: count('open'), completed: count('completed'), closed: count('closed') };
}

/** True when the summary must start a new page: less than SUMMARY_MIN_SPACE left on the last one. */
export const summaryNeedsNewPage = (remaining: number): boolean => remaining < SUMMARY_MIN_SPACE;

/** The filter line printed under the title, e.g. 'Status: Open · Assignee: All · Dates: 01/01/2026 – any'. */
export function filterDescription(filter: PdfFilterSet, assigneeName: string): string {
  const status = filter.status === 'active' ? 'Active' : filter.status[0]!.toUpperCase() + filter.status.slice(1);
  const { start, end } = filter.dateRange;
  const dates = start || end ? `${formatUsDate(start) || 'any'} to ${formatUsDate(end) || 'any'}` : 'All dates';
  return `Status: ${status} · Assignee: ${filter.assignee === 'all' ? 'All Assignees' : assigneeName || MISSING_ASSIGNEE} · Due: ${dates}`;
}
