import { describe, expect, it } from 'vitest';
import { detectSource, readRow, SOURCE_RULES } from './sources.ts';
import { RowValues } from './row-reader.ts';
import type { TImportSource } from '../api/import.ts';

// The header rows of test/fixtures/import/ (the API tests upload the files themselves).
const FIXTURE_HEADERS: Record<string, string> = {
  'toggl-detailed.csv': 'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (USD)',
  'harvest-import.csv': 'Date,Client,Project,Task,Notes,Hours,First name,Last name',
  'harvest-detailed.csv': 'Date,Client,Project,Project Code,Task,Notes,Hours,Hours Rounded,Billable?,Invoiced?,Approved?,First Name,Last Name,Roles,Employee?,Billable Rate,Billable Amount,Cost Rate,Cost Amount,Currency,External Reference URL',
  'clockify-detailed.csv': 'Project,Client,Description,Task,User,Group,Email,Tags,Billable,Start Date,Start Time,End Date,End Time,Duration (h),Duration (decimal),Billable Rate (USD),Billable Amount (USD)',
  'kimai-export.csv': 'Date,From,To,Duration,Rate,Internal rate,User,Name,Customer,Project,Activity,Description,Exported,Tags,Hourly rate,Fixed rate',
  'casebook-template.csv': 'Record,Client,Case File Number,Case Name,Project,Date,Person Email,Person Name,Job Title,Hours,Rate,Expense Type,Amount,Description,Billable',
};
const headerOf = (name: string) => FIXTURE_HEADERS[name]!.split(',');

describe('detectSource', () => {
  it.each<[string, TImportSource]>([
    ['toggl-detailed.csv', 'toggl'],
    ['harvest-import.csv', 'harvest'],
    ['harvest-detailed.csv', 'harvest-export'],
    ['clockify-detailed.csv', 'clockify'],
    ['kimai-export.csv', 'kimai'],
    ['casebook-template.csv', 'casebook'],
  ])('%s is %s', (file, source) => {
    expect(detectSource(headerOf(file))?.source).toBe(source);
  });

  it.each<[string[], TImportSource | null]>([
    [['\uFEFFUser', 'EMAIL', 'project', 'Start Date', 'duration'], 'toggl'],
    [['Description', 'Duration', 'Member', 'Email', 'Project', 'Client', 'Task', 'Tags', 'Billable', 'Start date', 'Start time', 'Stop date', 'Stop time'], 'toggl'],
    [['Email', 'Project', 'Start date', 'Duration'], null],
    [['Date', 'Client', 'Project', 'Task', 'Notes', 'Hours', 'First name', 'Last name'], 'harvest'],
    [['Date', 'Client', 'Project', 'Task', 'Notes', 'Hours', 'First Name', 'Last Name', 'Billable?'], 'harvest-export'],
    [['Foo', 'Bar'], null],
    [[], null],
    [['User', 'Email', 'Project'], null],
  ])('headers %j → %s', (headers, source) => {
    expect(detectSource(headers)?.source ?? null).toBe(source);
  });
});

const rule = (source: TImportSource) => SOURCE_RULES.find((r) => r.source === source)!;
function read(source: TImportSource, row: Record<string, string>) {
  const headers = Object.keys(row);
  return readRow(rule(source), headers, RowValues.indexOf(headers), Object.values(row));
}

describe('row mapping of each source', () => {
  it('toggl: person by user and e-mail, hh:mm:ss duration, rate from the amount', () => {
    expect(read('toggl', {
      User: 'Jane Doe', Email: 'jane@x.test', Client: 'Acme', Project: 'Roof', Task: 'Principal', Description: 'Visit',
      'Start date': '2024-03-04', Duration: '01:30:00', 'Amount (USD)': '225.00',
    })).toEqual({ outcome: 'record', record: {
      kind: 'time', person: { name: 'Jane Doe', email: 'jane@x.test' }, client: 'Acme', project: 'Roof', caseNumber: '',
      task: 'Principal', date: '2024-03-04', hours: 1.5, rate: 150, billable: true, description: 'Visit',
    } });
  });

  it('a row with no client goes to the client "No client" (remappable), not refused', () => {
    const r = read('toggl', { User: 'Jane', Email: 'j@x.test', Client: '', Project: 'Roof', 'Start date': '2024-03-04', Duration: '01:00:00' });
    expect(r).toMatchObject({ outcome: 'record', record: { client: 'No client', project: 'Roof' } });
  });

  it('harvest: person by first and last name, decimal hours, no rate', () => {
    const r = read('harvest', { Date: '2024-03-11', Client: 'Acme', Project: 'Roof', Task: 'T', Notes: 'N', Hours: '2.25', 'First name': 'Sam', 'Last name': 'Lee' });
    expect(r).toMatchObject({ outcome: 'record', record: { person: { name: 'Sam Lee', email: '' }, hours: 2.25, rate: null, description: 'N' } });
  });

  it('harvest-export: the billable rate', () => {
    const r = read('harvest-export', {
      Date: '2024-03-11', Client: 'Acme', Project: 'Roof', Task: 'T', Notes: '', Hours: '3.5', 'First Name': 'Jane', 'Last Name': 'Doe', 'Billable Rate': '180.0',
    });
    expect(r).toMatchObject({ outcome: 'record', record: { hours: 3.5, rate: 180 } });
  });

  it('clockify: US dates, the decimal duration first', () => {
    const r = read('clockify', {
      Project: 'Roof', Client: 'Acme', Description: 'D', Task: 'T', User: 'Jane', Email: 'j@x.test', 'Start Date': '03/04/2024',
      'Duration (h)': '01:30:00', 'Duration (decimal)': '1.50', 'Billable Rate (USD)': '150.00',
    });
    expect(r).toMatchObject({ outcome: 'record', record: { date: '2024-03-04', hours: 1.5, rate: 150 } });
  });

  it('kimai: customer and activity, h:mm duration, the hourly rate', () => {
    const r = read('kimai', {
      Date: '2024-03-04', From: '09:00', To: '10:30', Duration: '01:30', Rate: '225.00', User: 'jdoe', Name: 'Jane Doe',
      Customer: 'Acme', Project: 'Roof', Activity: 'Principal', Description: 'D', 'Hourly rate': '150.00',
    });
    expect(r).toMatchObject({ outcome: 'record', record: { person: { name: 'Jane Doe' }, client: 'Acme', task: 'Principal', hours: 1.5, rate: 150 } });
  });

  it.each<[Record<string, string>, string, string]>([
    [{ Email: '', User: '' }, 'refused', 'The row names no person.'],
    [{ Project: '' }, 'refused', 'The row names no project.'],
    [{ 'Start date': '2024-02-30' }, 'refused', '"2024-02-30" is not a date.'],
    [{ Duration: '-01:00:00' }, 'refused', 'Negative hours (-01:00:00).'],
    [{ Duration: 'soon' }, 'refused', '"soon" is not a duration.'],
    [{ Duration: '00:00:00' }, 'skipped', 'No time (0 hours).'],
  ])('toggl row %j is %s: %s', (change, outcome, reason) => {
    const base = { User: 'Jane', Email: 'j@x.test', Client: 'Acme', Project: 'Roof', 'Start date': '2024-03-04', Duration: '01:00:00' };
    expect(read('toggl', { ...base, ...change })).toEqual({ outcome, reason });
  });

  it.each<[Record<string, string>, unknown]>([
    [{ Record: 'client', Client: 'Acme' }, { outcome: 'record', record: { kind: 'client', client: 'Acme' } }],
    [{ Record: 'Case', Client: 'Acme', 'Case File Number': 'A-1', 'Case Name': 'A v B' }, { outcome: 'record', record: { kind: 'case', client: 'Acme', caseNumber: 'A-1', caseName: 'A v B' } }],
    [{ Record: 'case', Client: 'Acme' }, { outcome: 'refused', reason: 'A case row needs its Case File Number.' }],
    [{ Record: 'invoice', Client: 'Acme' }, { outcome: 'refused', reason: 'Record "invoice" is none of client, case, project, time, expense.' }],
    [{ Record: 'expense', Client: 'Acme', Project: 'P', 'Person Email': 'j@x.test', Date: '2024-03-04', 'Expense Type': 'Mileage', Amount: '42.8' },
      { outcome: 'record', record: { kind: 'expense', client: 'Acme', project: 'P', caseNumber: '', person: { name: '', email: 'j@x.test' }, expenseType: 'Mileage', date: '2024-03-04', amount: 42.8, billable: true, description: '' } }],
    [{ Record: 'time', Client: 'Acme', Project: 'P', 'Case File Number': 'A-1', 'Person Name': 'Jane', Date: '2024-03-04', Hours: '1:15', 'Job Title': 'Principal' },
      { outcome: 'record', record: expect.objectContaining({ kind: 'time', caseNumber: 'A-1', hours: 1.25, task: 'Principal' }) }],
  ])('casebook row %j', (row, expected) => {
    expect(read('casebook', row)).toEqual(expected);
  });
});

// Issue 38: every source's billable flag is read (a Toggl 'No' reads non-billable: the plan leaves
// the row out); a file without the column is billable, as any Casebook entry is; a flag that is
// neither is refused.
describe('the billable flag of each source', () => {
  const rows: Record<TImportSource, Record<string, string>> = {
    toggl: { User: 'Jane', Email: 'j@x.test', Client: 'Acme', Project: 'Roof', 'Start date': '2024-03-04', Duration: '01:00:00' },
    harvest: { Date: '2024-03-11', Client: 'Acme', Project: 'Roof', Task: 'T', Notes: '', Hours: '1', 'First name': 'Sam', 'Last name': 'Lee' },
    'harvest-export': { Date: '2024-03-11', Client: 'Acme', Project: 'Roof', Task: 'T', Notes: '', Hours: '1', 'First Name': 'Jane', 'Last Name': 'Doe', 'Billable Rate': '180' },
    clockify: { Project: 'Roof', Client: 'Acme', Description: '', User: 'Jane', Email: 'j@x.test', 'Start Date': '03/04/2024', 'Duration (h)': '01:00:00' },
    kimai: { Date: '2024-03-04', From: '09:00', To: '10:00', Duration: '01:00', User: 'jdoe', Customer: 'Acme', Project: 'Roof', Activity: 'P' },
    casebook: { Record: 'time', Client: 'Acme', Project: 'P', 'Person Name': 'Jane', Date: '2024-03-04', Hours: '1' },
  };
  const column: Record<TImportSource, string> = {
    toggl: 'Billable', harvest: 'Billable?', 'harvest-export': 'Billable?', clockify: 'Billable', kimai: 'Billable', casebook: 'Billable',
  };

  it.each<[TImportSource, string | null, boolean | string]>([
    ['toggl', 'No', false], ['toggl', 'Yes', true], ['toggl', null, true],
    ['harvest-export', 'No', false], ['harvest-export', 'Yes', true],
    ['harvest', null, true], ['harvest', 'No', false],
    ['clockify', 'No', false], ['clockify', 'Yes', true],
    ['kimai', '0', false], ['kimai', '1', true], ['kimai', null, true],
    ['casebook', 'No', false], ['casebook', '', true], ['casebook', null, true],
    ['toggl', 'Maybe', '"Maybe" is not a billable flag (Yes or No).'],
  ])('%s with %j → %s', (source, flag, expected) => {
    const row = flag === null ? rows[source] : { ...rows[source], [column[source]]: flag };
    const reading = read(source, row);
    if (typeof expected === 'string') expect(reading).toEqual({ outcome: 'refused', reason: expected });
    else expect(reading).toMatchObject({ outcome: 'record', record: { kind: 'time', billable: expected } });
  });

  it('a Casebook expense carries its flag too', () => {
    const expense = { Record: 'expense', Client: 'Acme', Project: 'P', 'Person Email': 'j@x.test', Date: '2024-03-04', 'Expense Type': 'Mileage', Amount: '4' };
    expect(read('casebook', { ...expense, Billable: 'No' })).toMatchObject({ outcome: 'record', record: { billable: false } });
    expect(read('casebook', { ...expense, Billable: 'often' })).toEqual({ outcome: 'refused', reason: '"often" is not a billable flag (Yes or No).' });
  });
});
