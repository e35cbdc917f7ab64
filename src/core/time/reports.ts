// Rules of the reports screen (issue 11): periods, groupings, CSV quoting and export file names.
// Dates are YYYY-MM-DD strings (core/dates/iso-date.ts); weeks start on the firm's first day of the week.

import { addDays, weekStartOf } from '../dates/iso-date.ts';

export const PERIODS = ['this-week', 'last-week', 'this-month', 'last-month', 'this-year', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, string> = {
  'this-week': 'This week', 'last-week': 'Last week', 'this-month': 'This month',
  'last-month': 'Last month', 'this-year': 'This year', custom: 'Custom range',
};

export const GROUPS = ['client', 'case', 'project', 'staff', 'job-type', 'day', 'week', 'month'] as const;
export type GroupBy = (typeof GROUPS)[number];

export const GROUP_LABELS: Record<GroupBy, string> = {
  client: 'Client', case: 'Case', project: 'Project', staff: 'Staff member', 'job-type': 'Job type',
  day: 'Day', week: 'Week', month: 'Month',
};

/** Groupings along time draw a line; the others bars. */
export const isTimeGroup = (group: GroupBy) => group === 'day' || group === 'week' || group === 'month';

export const KINDS = ['both', 'time', 'expense'] as const;
export type EntryKind = (typeof KINDS)[number];

export const PERIOD_END_BEFORE_START = 'The end of the period is before its start.';
export const SAME_LEVELS_MESSAGE = 'Choose a second grouping different from the first.';

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

/**
 * The first and last day of a preset period around `today` (YYYY-MM-DD); null for custom. Weeks
 * start on the firm's first day (`weekStartsOn`, 1 = Monday … 7 = Sunday), as its timesheets do.
 */
export function periodRange(period: Period, today: string, weekStartsOn: number): { from: string; to: string } | null {
  const [y, m] = today.split('-').map(Number) as [number, number];
  switch (period) {
    case 'this-week': { const from = weekStartOf(today, weekStartsOn); return { from, to: addDays(from, 6) }; }
    case 'last-week': { const from = addDays(weekStartOf(today, weekStartsOn), -7); return { from, to: addDays(from, 6) }; }
    case 'this-month': return { from: ymd(utc(y, m - 1, 1)), to: ymd(utc(y, m, 0)) };
    case 'last-month': return { from: ymd(utc(y, m - 2, 1)), to: ymd(utc(y, m - 1, 0)) };
    case 'this-year': return { from: `${y}-01-01`, to: `${y}-12-31` };
    case 'custom': return null;
  }
}

/** Why a from–to range cannot be reported, or null. */
export const rangeProblem = (from: string, to: string) => (to < from ? PERIOD_END_BEFORE_START : null);

/** One CSV field by RFC 4180: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet; a quote-prefixed ' keeps it text.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export const csvLine = (fields: (string | number | null | undefined)[]) => `${fields.map(csvField).join(',')}\r\n`;

/**
 * `Report-2026-11-01-to-2026-11-30.csv`: the file name says the period it holds; the flat list of
 * entries is `Report-2026-11-01-to-2026-11-30-entries.csv`.
 */
export function reportFileName(from: string, to: string, extension: 'csv' | 'xlsx', view: 'grouped' | 'entries' = 'grouped'): string {
  return `Report-${from}-to-${to}${view === 'entries' ? '-entries' : ''}.${extension}`;
}

/** Label of a time bucket as the table shows it: day MM/DD/YYYY, week 'Week of MM/DD/YYYY', month 'Nov 2026'. */
export function bucketLabel(group: 'day' | 'week' | 'month', iso: string): string {
  const [y, m, d] = iso.split('-');
  if (group === 'month') return `${MONTHS[Number(m) - 1]} ${y}`;
  const us = `${m}/${d}/${y}`;
  return group === 'week' ? `Week of ${us}` : us;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** What a report shows for a case: 'file number — case name', or the file number alone. */
export const caseLabel = (fileNumber: string, caseName: string) => (caseName ? `${fileNumber} — ${caseName}` : fileNumber);

/** What a report shows for a project: 'number — name', 'Unnamed Project' when it has none. */
export const projectLabel = (projectNumber: string, projectName: string) => `${projectNumber} — ${projectName || 'Unnamed Project'}`;

/** A job type as grouped: expenses under their expense type, marked so. */
export const jobTypeLabel = (kind: 'time' | 'expense', type: string) => (kind === 'expense' ? `${type} (expense)` : type);

/** The time bucket a date falls in, as its first day (YYYY-MM-DD); weeks start on `weekStartsOn`. */
export function bucketOf(group: 'day' | 'week' | 'month', iso: string, weekStartsOn: number): string {
  if (group === 'day') return iso;
  return group === 'week' ? weekStartOf(iso, weekStartsOn) : `${iso.slice(0, 8)}01`;
}

export interface EntryGroupFacts {
  kind: 'time' | 'expense';
  date: string;
  client: string;
  caseLabel: string;
  project: string;
  staff: string;
  type: string;
}

/** The label of the group an entry falls in: what an export prints in its group columns. */
export function entryGroupLabel(group: GroupBy, e: EntryGroupFacts, weekStartsOn: number): string {
  switch (group) {
    case 'client': return e.client;
    case 'case': return e.caseLabel;
    case 'project': return e.project;
    case 'staff': return e.staff;
    case 'job-type': return jobTypeLabel(e.kind, e.type);
    default: return bucketLabel(group, bucketOf(group, e.date, weekStartsOn));
  }
}

/** One entry of a CSV or XLSX export. */
export interface ExportRow {
  /** The entry's group and, with a second level, subgroup: what the report sums it under. */
  groups: string[];
  date: string;
  kind: 'Time' | 'Expense';
  client: string;
  caseNumber: string;
  project: string;
  staff: string;
  type: string;
  hours: number | null;
  rate: number | null;
  value: number | null;
  amount: number | null;
  /** 'Bill 0007' or 'Not billed' (billedLabel). */
  billed: string;
  description: string;
}

/** The report's grouping levels: the first, and the second when chosen. */
export const reportLevels = (q: { groupBy: GroupBy; thenBy?: GroupBy | null }): GroupBy[] => [q.groupBy, ...(q.thenBy ? [q.thenBy] : [])];

/** Column titles of the entries export: the group columns, then the entry's; money columns only for super admins. */
export function exportColumns(money: boolean, levels: GroupBy[]) {
  const groups = levels.map((g, i) => `${i === 0 ? 'Group' : 'Subgroup'}: ${GROUP_LABELS[g]}`);
  const base = [...groups, 'Date', 'Kind', 'Client', 'Case', 'Project', 'Staff member', 'Job / expense type', 'Hours'];
  return money ? [...base, 'Rate', 'Time value', 'Expense amount', 'Billed', 'Description'] : [...base, 'Billed', 'Description'];
}

/** An entry's cells in exportColumns' order (after its group columns). */
export function exportCells(r: ExportRow, money: boolean) {
  const lead = [r.date, r.kind, r.client, r.caseNumber, r.project, r.staff, r.type, r.hours];
  return money ? [...lead, r.rate, r.value, r.amount, r.billed, r.description] : [...lead, r.billed, r.description];
}
