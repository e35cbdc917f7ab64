import { describe, expect, it } from 'vitest';
import { FileSummary, mappingProblem, proposeMapping, type FirmDirectory } from './mapping.ts';
import { fingerprintText, ImportPlan } from './plan.ts';
import type { ImportRecord } from './records.ts';

const time = (over: Partial<Extract<ImportRecord, { kind: 'time' }>> = {}): ImportRecord => ({
  kind: 'time', person: { name: 'Jane Doe', email: 'jane@x.test' }, client: 'Acme', project: 'Roof', caseNumber: '',
  task: 'principal', date: '2024-03-04', hours: 1, rate: null, description: '', ...over,
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
    const plan = new ImportPlan({ mapping, casesByNumber: new Map(), weekLocked: (_u, date) => date === '2024-03-11' });
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

  it('a case row of a file number another client has is refused', () => {
    const caseMapping = proposeMapping(summaryOf([{ kind: 'case', client: 'Acme', caseNumber: 'A-1', caseName: '' }]), firm);
    const plan = new ImportPlan({ mapping: caseMapping, casesByNumber: new Map([['a-1', { clientId: 'other' }]]), weekLocked: () => false });
    expect(plan.decide(2, { kind: 'case', client: 'Acme', caseNumber: 'A-1', caseName: '' })).toBeNull();
    expect(plan.outcome.refused[0]!.reason).toMatch(/another client/);
  });
});

describe('fingerprintText', () => {
  it('is the source and the trimmed, case-folded values: the same row reads the same', () => {
    expect(fingerprintText('toggl', [' Jane ', 'X'])).toBe(fingerprintText('toggl', ['jane', 'x']));
    expect(fingerprintText('toggl', ['a'])).not.toBe(fingerprintText('kimai', ['a']));
  });
});
