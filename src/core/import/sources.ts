import type { TImportSource } from '../api/import.ts';
import { record, refused, skipped, type PersonRef, type RowReading } from './records.ts';
import { RowValues } from './row-reader.ts';
import { headerKey, parseAmount, parseBillable, parseDate, parseHours, round2 } from './values.ts';

// The tools Casebook reads (issue 27): each is recognised by headers its file always has, and each
// row becomes an ImportRecord by the column rules below. The headers are those of the tools' own
// documentation and exports (docs/decisions/093): Toggl Track's detailed report, Harvest's time
// import template and detailed time report, Clockify's detailed report, Kimai's CSV export.

interface TimeColumns {
  person: PersonRef;
  client: string;
  project: string;
  task: string;
  date: string;
  hours: string;
  rate: number | null;
  /** The file's billable flag as written ('' when it has none: billable). */
  billable: string;
  description: string;
}

export interface SourceRule {
  source: TImportSource;
  /** Headers the file must have (case-insensitive). */
  requires: string[];
  /** Headers that tell this source from a look-alike (any one of them must be there); none = no test. */
  anyOf?: string[];
  read(row: RowValues): RowReading;
}

/** The client of rows that name none (Toggl and Clockify allow projects without a client): one the user may remap. */
export const NO_CLIENT = 'No client';

/** The limits of Casebook's own forms (time-tracking's zod schemas). */
export const LIMITS = { hours: 99_999.99, text: 5000, name: 200 } as const;

function readTime(columns: TimeColumns): RowReading {
  const { person } = columns;
  if (!person.email && !person.name) return refused('The row names no person.');
  if (!columns.project) return refused('The row names no project.');
  if (columns.client.length > LIMITS.name || columns.project.length > LIMITS.name) return refused('A client or project name is longer than 200 characters.');
  const date = parseDate(columns.date);
  if (!date) return refused(columns.date ? `"${columns.date}" is not a date.` : 'The row has no date.');
  const hours = parseHours(columns.hours);
  if (hours === null) return refused(columns.hours ? `"${columns.hours}" is not a duration.` : 'The row has no hours.');
  if (hours < 0) return refused(`Negative hours (${columns.hours}).`);
  const rounded = round2(hours);
  if (rounded === 0) return skipped('No time (0 hours).');
  if (rounded > LIMITS.hours) return refused(`${columns.hours} hours is more than one entry can hold.`);
  if (columns.rate !== null && columns.rate < 0) return refused('Negative rate.');
  const billable = parseBillable(columns.billable);
  if (billable === null) return refused(notBillableFlag(columns.billable));
  return record({
    kind: 'time', person, client: columns.client || NO_CLIENT, project: columns.project, caseNumber: '',
    task: columns.task.slice(0, LIMITS.name), date, hours: rounded,
    rate: columns.rate === null ? null : round2(columns.rate), billable,
    description: columns.description.slice(0, LIMITS.text),
  });
}

const notBillableFlag = (text: string) => `"${text}" is not a billable flag (Yes or No).`;

/** A rate from an amount and a duration (Toggl's export has the amount only). */
function rateFromAmount(amount: string, hours: string): number | null {
  const money = parseAmount(amount);
  const h = parseHours(hours);
  return money === null || h === null || h <= 0 ? null : money / h;
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

const toggl: SourceRule = {
  source: 'toggl',
  requires: ['Email', 'Project', 'Start date', 'Duration'],
  // Older exports name the person 'User', newer ones 'Member'.
  anyOf: ['User', 'Member'],
  read: (row) => readTime({
    person: { name: row.get('User', 'Member'), email: row.get('Email') },
    client: row.get('Client'), project: row.get('Project'), task: row.get('Task'),
    date: row.get('Start date'), hours: row.get('Duration'),
    rate: rateFromAmount(row.get('Amount (*', 'Amount'), row.get('Duration')),
    billable: row.get('Billable'), description: row.get('Description'),
  }),
};

const harvestExport: SourceRule = {
  source: 'harvest-export',
  requires: ['Date', 'Client', 'Project', 'Task', 'Notes', 'Hours', 'First Name', 'Last Name'],
  anyOf: ['Hours Rounded', 'Billable?', 'Billable Rate', 'Invoiced?', 'Project Code'],
  read: (row) => readTime({
    person: { name: fullName(row.get('First Name'), row.get('Last Name')), email: '' },
    client: row.get('Client'), project: row.get('Project'), task: row.get('Task'),
    date: row.get('Date'), hours: row.get('Hours'), rate: parseAmount(row.get('Billable Rate')),
    billable: row.get('Billable?'), description: row.get('Notes'),
  }),
};

const harvest: SourceRule = {
  source: 'harvest',
  requires: ['Date', 'Client', 'Project', 'Task', 'Notes', 'Hours', 'First Name', 'Last Name'],
  read: (row) => readTime({
    person: { name: fullName(row.get('First Name'), row.get('Last Name')), email: row.get('Email') },
    client: row.get('Client'), project: row.get('Project'), task: row.get('Task'),
    // Harvest's import format has no billable column (its tasks carry it): 'Billable?' when added.
    date: row.get('Date'), hours: row.get('Hours'), rate: null, billable: row.get('Billable?'), description: row.get('Notes'),
  }),
};

const clockify: SourceRule = {
  source: 'clockify',
  requires: ['Project', 'Client', 'Description', 'User', 'Email', 'Start Date', 'Duration (h)'],
  read: (row) => readTime({
    person: { name: row.get('User'), email: row.get('Email') },
    client: row.get('Client'), project: row.get('Project'), task: row.get('Task'),
    date: row.get('Start Date'), hours: row.get('Duration (decimal)', 'Duration (h)'),
    rate: parseAmount(row.get('Billable Rate (*', 'Billable Rate')), billable: row.get('Billable'),
    description: row.get('Description'),
  }),
};

const kimai: SourceRule = {
  source: 'kimai',
  requires: ['Date', 'From', 'To', 'Duration', 'User', 'Customer', 'Project', 'Activity'],
  read: (row) => readTime({
    person: { name: row.get('Name', 'User'), email: row.get('E-mail', 'Email') },
    client: row.get('Customer'), project: row.get('Project'), task: row.get('Activity'),
    date: row.get('Date'), hours: row.get('Duration'),
    rate: parseAmount(row.get('Hourly rate', 'Hourly Rate')) ?? rateFromAmount(row.get('Rate'), row.get('Duration')),
    // Kimai 2 writes 'Billable' (1/0, yes/no) in newer exports; older ones have none.
    billable: row.get('Billable'), description: row.get('Description'),
  }),
};

// Casebook's own template: one row per record, its kind in the `Record` column (CASEBOOK_TEMPLATE).
function readCasebook(row: RowValues): RowReading {
  const kind = row.get('Record').toLowerCase();
  const client = row.get('Client');
  if (!['client', 'case', 'project', 'time', 'expense'].includes(kind)) {
    return refused(`Record "${row.get('Record')}" is none of client, case, project, time, expense.`);
  }
  if (!client) return refused('The row names no client.');
  if (client.length > LIMITS.name) return refused('The client name is longer than 200 characters.');
  if (kind === 'client') return record({ kind: 'client', client });
  const caseNumber = row.get('Case File Number').slice(0, LIMITS.name);
  if (kind === 'case') {
    if (!caseNumber) return refused('A case row needs its Case File Number.');
    return record({ kind: 'case', client, caseNumber, caseName: row.get('Case Name').slice(0, LIMITS.name) });
  }
  const project = row.get('Project');
  if (!project) return refused('The row names no project.');
  if (kind === 'project') return record({ kind: 'project', client, project: project.slice(0, LIMITS.name), caseNumber });
  const person = { name: row.get('Person Name'), email: row.get('Person Email') };
  if (kind === 'time') {
    const reading = readTime({
      person, client, project, task: row.get('Job Title'), date: row.get('Date'), hours: row.get('Hours'),
      rate: parseAmount(row.get('Rate')), billable: row.get('Billable'), description: row.get('Description'),
    });
    return reading.outcome === 'record' && reading.record.kind === 'time'
      ? record({ ...reading.record, caseNumber }) : reading;
  }
  if (!person.email && !person.name) return refused('The row names no person.');
  const date = parseDate(row.get('Date'));
  if (!date) return refused(row.get('Date') ? `"${row.get('Date')}" is not a date.` : 'The row has no date.');
  const amount = parseAmount(row.get('Amount'));
  if (amount === null) return refused('The expense has no amount.');
  if (amount < 0) return refused(`Negative amount (${row.get('Amount')}).`);
  const expenseType = row.get('Expense Type');
  if (!expenseType) return refused('The expense has no Expense Type.');
  const billable = parseBillable(row.get('Billable'));
  if (billable === null) return refused(notBillableFlag(row.get('Billable')));
  return record({
    kind: 'expense', client, project, caseNumber, person, expenseType: expenseType.slice(0, LIMITS.name), date,
    amount: round2(amount), billable, description: row.get('Description').slice(0, LIMITS.text),
  });
}

const casebook: SourceRule = { source: 'casebook', requires: ['Record', 'Client'], read: readCasebook };

/** In the order they are tried: the more specific first (Harvest's export before its import format). */
export const SOURCE_RULES: readonly SourceRule[] = [casebook, harvestExport, harvest, clockify, toggl, kimai];

/** The source whose headers the file has; null when none fits. */
export function detectSource(headers: readonly string[]): SourceRule | null {
  const have = new Set(headers.map(headerKey));
  return SOURCE_RULES.find((rule) =>
    rule.requires.every((h) => have.has(headerKey(h))) &&
    (!rule.anyOf || rule.anyOf.some((h) => have.has(headerKey(h))))) ?? null;
}

/** The message a file no rule recognises gets (a clear 400). */
export function unrecognisedMessage(headers: readonly string[]): string {
  const shown = headers.slice(0, 8).join(', ');
  return `This file's columns (${shown || 'none'}) are not those of a Toggl Track, Harvest, Clockify or Kimai export, nor of the Casebook template.`;
}

/** Reads one row (its cells in header order) with a source's rule. */
export function readRow(rule: SourceRule, headers: readonly string[], index: ReadonlyMap<string, number>, cells: readonly string[]): RowReading {
  return rule.read(new RowValues(index, headers, cells));
}
