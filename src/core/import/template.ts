// Casebook's own import template (GET /api/imports/template.csv): one CSV, one record per row, its
// kind in the `Record` column: client, case, project, time or expense. Columns a kind does not use
// stay empty. A project's case is the row's Case File Number (created when new) or, empty, a new
// case of its own numbered in the firm's series (numbers.ts). Dates are YYYY-MM-DD; hours decimal
// or h:mm; amounts plain numbers; Billable Yes or No (empty: billable; a
// row marked No is left out: every Casebook entry is billable).

export const CASEBOOK_TEMPLATE_HEADERS = [
  'Record', 'Client', 'Case File Number', 'Case Name', 'Project', 'Date', 'Person Email', 'Person Name',
  'Job Title', 'Hours', 'Rate', 'Expense Type', 'Amount', 'Description', 'Billable',
] as const;

type TemplateRow = Partial<Record<(typeof CASEBOOK_TEMPLATE_HEADERS)[number], string>>;

const EXAMPLE: TemplateRow[] = [
  { Record: 'client', Client: 'Harbor Mutual Insurance' },
  { Record: 'case', Client: 'Harbor Mutual Insurance', 'Case File Number': 'HM-2024-017', 'Case Name': 'Harbor Mutual v. Delgado' },
  { Record: 'project', Client: 'Harbor Mutual Insurance', 'Case File Number': 'HM-2024-017', Project: '14 Pier Street roof' },
  {
    Record: 'time', Client: 'Harbor Mutual Insurance', 'Case File Number': 'HM-2024-017', Project: '14 Pier Street roof',
    Date: '2024-03-04', 'Person Email': 'jane.doe@example.com', 'Person Name': 'Jane Doe', 'Job Title': 'Principal',
    Hours: '2.5', Rate: '', Description: 'Site inspection', Billable: 'Yes',
  },
  {
    Record: 'expense', Client: 'Harbor Mutual Insurance', 'Case File Number': 'HM-2024-017', Project: '14 Pier Street roof',
    Date: '2024-03-04', 'Person Email': 'jane.doe@example.com', 'Person Name': 'Jane Doe', 'Expense Type': 'Mileage',
    Amount: '42.80', Description: 'Round trip to site', Billable: 'Yes',
  },
];

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The template file: its header row and one example row of each kind. */
export function casebookTemplateCsv(): string {
  const lines = [CASEBOOK_TEMPLATE_HEADERS.join(',')];
  for (const row of EXAMPLE) lines.push(CASEBOOK_TEMPLATE_HEADERS.map((h) => cell(row[h] ?? '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
