import { describe, expect, it } from 'vitest';
import { FileSummary, mappingProblem, proposeMapping, type FirmDirectory } from './mapping.ts';
import { fingerprintText, ImportPlan, NON_BILLABLE_REASON } from './plan.ts';
import type { ImportRecord } from './records.ts';

const time = (over: Partial<Extract<ImportRecord, { kind: 'time' }>> = {}): ImportRecord => ({
  kind: 'time', person: { name: 'Jane Doe', email: 'jane@x.test' }, client: 'Acme', project: 'Roof', caseNumber: '',
  task: 'principal', date: '2024-03-04', hours: 1, rate: null, billable: true, description: '', ...over,
});

const firm: FirmDirectory = {
  users: [{ id: 'u1', email: 'JANE@x.test', name: 'Someone Else' }, { id: 'u2', email: 'sam@x.test', name: 'Sam Lee' }],
  clients: [{ id: 'c1', name: '  ACME ' }],
  projects: [{ id: 'p1', clientId: 'c1', name: 'roof' }, { id: 'p9', clientId: 'c9', name: 'Shed' }],
  jobTitles: ['Principal', 'Field Technician'],
};

function summaryOf(records: ImportRecord[]) {
  const summary = new FileSummary();
  for (const r of records) summary.add(r);
  return summary;
}

describe('proposeMapping', () => {
  it('people by e-mail first, then by name; clients by name; projects within their client; tasks to job titles', () => {
    const records = [
      time(), time(),
      time({ person: { name: 'sam  lee', email: '' }, client: 'Birch', project: 'Shed', task: 'Drafting' }),
      time({ person: { name: 'Nobody', email: 'no@x.test' }, task: '' }),
    ];
    const mapping = proposeMapping(summaryOf(records), firm);
    expect(mapping.people.map((p) => [p.key, p.userId, p.rows])).toEqual([
      ['jane@x.test', 'u1', 3 - 1], ['name:sam lee', 'u2', 1], ['no@x.test', null, 1],
    ]);
    expect(mapping.clients.map((c) => [c.name, c.clientId, c.rows])).toEqual([['Acme', 'c1', 3], ['Birch', null, 1]]);
    // Shed exists, but for another client: a new project.
    expect(mapping.projects.map((p) => [p.name, p.projectId])).toEqual([['Roof', 'p1'], ['Shed', null]]);
    expect(mapping.jobTitles.map((t) => [t.name, t.jobTitle])).toEqual([['principal', 'Principal'], ['Drafting', 'Drafting'], ['General', 'General']]);
    expect(mapping.rates).toBe('firm');
  });

  it('a corrected mapping keeps the keys, and a kept project stays within a kept client', () => {
    const proposal = proposeMapping(summaryOf([time()]), firm);
    expect(mappingProblem(proposal, proposal)).toBeNull();
    expect(mappingProblem(proposal, { ...proposal, people: [] })).toMatch(/same people/);
    const stray = { ...proposal, clients: proposal.clients.map((c) => ({ ...c, clientId: null })) };
    expect(mappingProblem(proposal, stray)).toMatch(/client is to be created/);
  });
});

describe('ImportPlan', () => {
  const records = [time(), time({ client: 'Birch', project: 'Shed' }), time({ client: 'Birch', project: 'Shed', date: '2024-03-11' }), time({ person: { name: 'X', email: 'x@x.test' } })];
  const mapping = proposeMapping(summaryOf(records), firm);

  it('counts created and matched once per client, case and project; refuses unmapped people and locked weeks', () => {
    const plan = new ImportPlan({ mapping, casesByNumber: new Map(), weekLocked: (_u, date) => date === '2024-03-11', firmRate: () => 200 });
    records.forEach((r, i) => {
      const planned = plan.decide(i + 2, r);
      if (planned) plan.counted(planned);
    });
    expect(plan.outcome.created).toEqual({ clients: 1, cases: 1, projects: 1, timeEntries: 2, expenses: 0 });
    expect(plan.outcome.matched).toEqual({ clients: 1, cases: 0, projects: 1, timeEntries: 0, expenses: 0 });
    expect(plan.outcome.refused).toEqual([
      { row: 4, reason: "Jane Doe's week of 2024-03-11 is submitted or approved (locked)." },
      { row: 5, reason: 'No Casebook person is chosen for X.' },
    ]);
  });

  // Issue 38 (docs/decisions/118): every Casebook entry is billable; a row the file marks
  // non-billable is left out and listed, never imported as billable time or expense.
  it('leaves out the rows the file marks non-billable, before any other check, and lists them', () => {
    const rows: ImportRecord[] = [
      time(),
      time({ billable: false, date: '2024-03-05' }),
      time({ billable: false, person: { name: 'X', email: 'x@x.test' } }),
      { kind: 'expense', person: { name: 'Jane Doe', email: 'jane@x.test' }, client: 'Birch', project: 'Shed', caseNumber: '', expenseType: 'Mileage', date: '2024-03-04', amount: 10, billable: false, description: '' },
    ];
    const plan = new ImportPlan({ mapping: proposeMapping(summaryOf(rows), firm), casesByNumber: new Map(), weekLocked: () => false, firmRate: () => 200 });
    const planned = rows.map((r, i) => plan.decide(i + 2, r));
    planned.forEach((p) => p && plan.counted(p));
    expect(planned.map((p) => p?.kind ?? null)).toEqual(['time', null, null, null]);
    expect(plan.outcome.nonBillable).toEqual([3, 4, 5].map((row) => ({ row, reason: NON_BILLABLE_REASON })));
    expect(plan.outcome.refused).toEqual([]);
    // Birch and its project come only with the left-out expense: nothing is created for them.
    expect(plan.outcome.created).toEqual({ clients: 0, cases: 0, projects: 0, timeEntries: 1, expenses: 0 });
  });

  it('a case row of a file number another client has is refused', () => {
    const caseMapping = proposeMapping(summaryOf([{ kind: 'case', client: 'Acme', caseNumber: 'A-1', caseName: '' }]), firm);
    const plan = new ImportPlan({ mapping: caseMapping, casesByNumber: new Map([['a-1', { clientId: 'other' }]]), weekLocked: () => false, firmRate: () => 200 });
    expect(plan.decide(2, { kind: 'case', client: 'Acme', caseNumber: 'A-1', caseName: '' })).toBeNull();
    expect(plan.outcome.refused[0]!.reason).toMatch(/another client/);
  });
});

// Issue 38: a dry run says how many billable entries would be valued at $0.00, and how many of
// them the file gives a rate of its own (what 'Use the file's rates' would price).
describe('ImportPlan: entries valued at $0.00', () => {
  type Row = Partial<Extract<ImportRecord, { kind: 'time' }>>;
  it.each<[string, 'firm' | 'file', number | null, Row[], { timeEntries: number; withFileRate: number }]>([
    ['the firm has a rate', 'firm', 200, [{ rate: 150 }, {}], { timeEntries: 0, withFileRate: 0 }],
    ['no firm rate, the file has one for one row', 'firm', null, [{ rate: 150 }, {}], { timeEntries: 2, withFileRate: 1 }],
    ['a firm rate of 0 is $0.00 too', 'firm', 0, [{ rate: 150 }], { timeEntries: 1, withFileRate: 1 }],
    ["the file's rates chosen: only rows without one stay at $0.00", 'file', null, [{ rate: 150 }, {}], { timeEntries: 1, withFileRate: 0 }],
    ['a file rate of 0 is no rate', 'file', null, [{ rate: 0 }], { timeEntries: 1, withFileRate: 0 }],
    ['non-billable rows are left out, so never counted', 'firm', null, [{ billable: false, rate: 150 }, { billable: false }], { timeEntries: 0, withFileRate: 0 }],
  ])('%s', (_what, rates, firmRate, rows, unpriced) => {
    const records = rows.map((over, i) => time({ ...over, date: `2024-03-0${i + 1}` }));
    const plan = new ImportPlan({
      mapping: { ...proposeMapping(summaryOf(records), firm), rates }, casesByNumber: new Map(), weekLocked: () => false, firmRate: () => firmRate,
    });
    records.forEach((r, i) => {
      const planned = plan.decide(i + 2, r);
      if (planned) plan.counted(planned);
    });
    expect(plan.outcome.unpriced).toEqual(unpriced);
  });

  it("asks the firm's rate of the mapped project, the file's case and the mapped job title", () => {
    const asked: unknown[] = [];
    const records = [time(), time({ client: 'Birch', project: 'Shed', caseNumber: 'B-7', task: 'Drafting' })];
    const plan = new ImportPlan({
      mapping: proposeMapping(summaryOf(records), firm), casesByNumber: new Map(), weekLocked: () => false,
      firmRate: (target) => { asked.push(target); return 100; },
    });
    records.forEach((r, i) => plan.counted(plan.decide(i + 2, r)!));
    expect(asked).toEqual([
      { projectId: 'p1', caseNumber: '', jobTitle: 'Principal' },
      { projectId: null, caseNumber: 'B-7', jobTitle: 'Drafting' },
    ]);
  });
});

describe('fingerprintText', () => {
  it('is the source and the trimmed, case-folded values: the same row reads the same', () => {
    expect(fingerprintText('toggl', [' Jane ', 'X'])).toBe(fingerprintText('toggl', ['jane', 'x']));
    expect(fingerprintText('toggl', ['a'])).not.toBe(fingerprintText('kimai', ['a']));
  });
});
