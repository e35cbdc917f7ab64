import { formatUsDate } from '../smart-date.ts';

// The Rule 26 list (FRCP 26(a)(2)(B)(v), issue 40, docs/decisions/136): "a list of all other cases in
// which, during the previous 4 years, the witness testified as an expert at trial or by deposition".

/** The kinds of testimony the rule asks for; hearings and arbitrations are recorded but not listed. */
export const RULE26_KINDS = ['trial', 'deposition'] as const;
/** How many years back the list reaches. */
export const RULE26_YEARS = 4;

const pad = (n: number) => String(n).padStart(2, '0');

/** The same calendar day `years` earlier; 29 February of a year without one becomes 28 February. */
export function yearsBefore(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${year}-${pad(m)}-${pad(Math.min(d, last))}`;
}

/**
 * The window of the list as of `asOf` (YYYY-MM-DD): from the same calendar day four years earlier
 * to `asOf` itself, both days included. As of 2026-06-01: 2022-06-01 through 2026-06-01, so
 * 2022-06-02 and 2022-06-01 are in, 2022-05-31 is out, and nothing after 2026-06-01 is.
 */
export function rule26Window(asOf: string): { from: string; to: string } {
  return { from: yearsBefore(asOf, RULE26_YEARS), to: asOf };
}

export function inRule26Window(eventDate: string, asOf: string): boolean {
  const { from, to } = rule26Window(asOf);
  return eventDate >= from && eventDate <= to;
}

export interface Rule26Event {
  id: string;
  kind: string;
  eventDate: string;
  caption: string;
  court: string;
  docket: string;
}

/** Newest first; one day's events by caption, then id, so the order never depends on the database. */
export function compareRule26(a: Rule26Event, b: Rule26Event): number {
  if (a.eventDate !== b.eventDate) return a.eventDate < b.eventDate ? 1 : -1;
  if (a.caption !== b.caption) return a.caption.localeCompare(b.caption);
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Trials and depositions in the window, newest first. */
export function rule26List<T extends Rule26Event>(events: readonly T[], asOf: string): T[] {
  return events.filter((e) => (RULE26_KINDS as readonly string[]).includes(e.kind) && inRule26Window(e.eventDate, asOf))
    .sort(compareRule26);
}

export const KIND_LABELS: Record<string, string> = { deposition: 'Deposition', trial: 'Trial', hearing: 'Hearing', arbitration: 'Arbitration' };

export const RULE26_COLUMNS = ['Date', 'Type', 'Caption', 'Court', 'Docket'] as const;

/** One row as the PDF, the Word file and the CSV show it. */
export const rule26Cells = (e: Rule26Event): string[] =>
  [formatUsDate(e.eventDate), KIND_LABELS[e.kind] ?? e.kind, e.caption, e.court, e.docket];

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function rule26Csv(events: readonly Rule26Event[]): string {
  return [RULE26_COLUMNS.join(','), ...events.map((e) => rule26Cells(e).map(csvField).join(','))].join('\r\n') + '\r\n';
}

export const rule26Title = (expertName: string, asOf: string) =>
  `Testimony of ${expertName} in the four years before ${formatUsDate(asOf)}`;

export const RULE26_INTRO = 'Cases in which the witness testified as an expert at trial or by deposition '
  + '(Fed. R. Civ. P. 26(a)(2)(B)(v)), newest first.';
export const RULE26_EMPTY = 'No testimony at trial or by deposition in these four years.';
/** What the files say where the compensation would be, for anyone but a super admin (money). */
export const COMPENSATION_WITHHELD = 'Statement of compensation: provided separately by the firm.';

/** "2022-06-01" → "Rule26-Jane-Doe-06-01-2026.pdf". */
export function rule26FileName(expertName: string, asOf: string, ext: 'pdf' | 'csv' | 'docx'): string {
  const name = expertName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'Expert';
  return `Rule26-${name}-${formatUsDate(asOf).replace(/\//g, '-')}.${ext}`;
}
