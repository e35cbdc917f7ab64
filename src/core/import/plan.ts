import type { TImportMapping, TImportOutcome } from '../api/import.ts';
import { clientKey, jobTitleKey, personKey, projectKey } from './mapping.ts';
import type { ImportRecord } from './records.ts';
import { nameKey } from './values.ts';

// The dry run's and the import's one set of decisions: for each row read, whether it is imported
// (and into what), skipped, refused or left out as non-billable. The import follows exactly what
// the dry run reports.

/** The reason listed with each row the file marks non-billable. */
export const NON_BILLABLE_REASON = 'Marked non-billable in the file: left out, as every Casebook entry is billable.';

export type Counts = TImportOutcome['created'];
const zero = (): Counts => ({ clients: 0, cases: 0, projects: 0, timeEntries: 0, expenses: 0 });

/** A row to import, with Casebook's targets (a null id: created by this import, by key). */
export type PlannedRow =
  | { kind: 'client'; clientKey: string }
  | { kind: 'case'; clientKey: string; caseNumber: string; caseName: string }
  | { kind: 'project'; clientKey: string; projectKey: string; caseNumber: string }
  | { kind: 'time'; clientKey: string; projectKey: string; caseNumber: string; userId: string; jobTitle: string; date: string; hours: number; fileRate: number | null; description: string }
  | { kind: 'expense'; clientKey: string; projectKey: string; caseNumber: string; userId: string; expenseType: string; date: string; amount: number; description: string };

export interface PlanContext {
  mapping: TImportMapping;
  /** Existing cases by file number (lower case): their client. */
  casesByNumber: ReadonlyMap<string, { clientId: string }>;
  /** True when the person's week holding this day is submitted or approved (entries locked). */
  weekLocked(userId: string, date: string): boolean;
  /**
   * The firm's hourly rate a time entry would take (the case's custom rate, else its rate code's):
   * of the mapped project, else of the file's existing case, else of a new case (the firm's first
   * rate code). Null when the firm has none.
   */
  firmRate(target: { projectId: string | null; caseNumber: string; jobTitle: string }): number | null;
}

export class ImportPlan {
  readonly outcome: TImportOutcome = { created: zero(), matched: zero(), skipped: [], refused: [], nonBillable: [], unpriced: { timeEntries: 0, withFileRate: 0 } };
  private readonly people: Map<string, { userId: string | null; name: string }>;
  private readonly clients: Map<string, string | null>;
  private readonly projects: Map<string, string | null>;
  private readonly titles: Map<string, string>;
  private readonly seen = new Set<string>();
  private readonly newCases = new Set<string>();

  constructor(private readonly context: PlanContext) {
    const { mapping } = context;
    this.people = new Map(mapping.people.map((p) => [p.key, { userId: p.userId, name: p.name || p.email }]));
    this.clients = new Map(mapping.clients.map((c) => [c.key, c.clientId]));
    this.projects = new Map(mapping.projects.map((p) => [p.key, p.projectId]));
    this.titles = new Map(mapping.jobTitles.map((t) => [t.key, t.jobTitle]));
  }

  refuse(row: number, reason: string): void {
    this.outcome.refused.push({ row, reason });
  }

  skip(row: number, reason: string): void {
    this.outcome.skipped.push({ row, reason });
  }

  /** Decides one record; the planned row when it is to be imported (entries: not yet counted, see `counted`). */
  decide(row: number, record: ImportRecord): PlannedRow | null {
    const cKey = clientKey(record.client);
    if (record.kind === 'client') {
      this.touch('clients', `c:${cKey}`, this.clients.get(cKey) ?? null);
      return { kind: 'client', clientKey: cKey };
    }
    if (record.kind === 'case') {
      const existing = this.context.casesByNumber.get(record.caseNumber.toLowerCase());
      const clientId = this.clients.get(cKey) ?? null;
      if (existing && existing.clientId !== clientId) {
        this.refuse(row, `Case ${record.caseNumber} exists already for another client.`);
        return null;
      }
      this.touch('clients', `c:${cKey}`, clientId);
      this.touch('cases', `k:${record.caseNumber.toLowerCase()}`, existing ? 'matched' : null);
      if (!existing) this.newCases.add(record.caseNumber.toLowerCase());
      return { kind: 'case', clientKey: cKey, caseNumber: record.caseNumber, caseName: record.caseName };
    }
    const pKey = projectKey(record.client, record.project);
    if (record.kind === 'project') {
      this.place(cKey, pKey, record.caseNumber);
      return { kind: 'project', clientKey: cKey, projectKey: pKey, caseNumber: record.caseNumber };
    }
    // Every time and expense entry in Casebook is billable (the specification): a row the file marks
    // non-billable is left out and counted, never made billable (issue 38, docs/decisions/118).
    if (!record.billable) {
      this.outcome.nonBillable!.push({ row, reason: NON_BILLABLE_REASON });
      return null;
    }
    const person = this.people.get(personKey(record.person));
    if (!person?.userId) {
      this.refuse(row, `No Casebook person is chosen for ${person?.name || record.person.email || record.person.name}.`);
      return null;
    }
    if (this.context.weekLocked(person.userId, record.date)) {
      this.refuse(row, `${person.name}'s week of ${record.date} is submitted or approved (locked).`);
      return null;
    }
    this.place(cKey, pKey, record.caseNumber);
    if (record.kind === 'time') {
      return {
        kind: 'time', clientKey: cKey, projectKey: pKey, caseNumber: record.caseNumber, userId: person.userId,
        jobTitle: this.titles.get(jobTitleKey(record.task)) ?? record.task, date: record.date, hours: record.hours,
        fileRate: record.rate, description: record.description,
      };
    }
    return {
      kind: 'expense', clientKey: cKey, projectKey: pKey, caseNumber: record.caseNumber, userId: person.userId, expenseType: record.expenseType,
      date: record.date, amount: record.amount, description: record.description,
    };
  }

  /** An entry row that will be (or was) created. */
  counted(planned: PlannedRow): void {
    if (planned.kind === 'time') {
      this.outcome.created.timeEntries += 1;
      if (!this.rateOf(planned)) {
        this.outcome.unpriced!.timeEntries += 1;
        if (planned.fileRate) this.outcome.unpriced!.withFileRate += 1;
      }
    }
    if (planned.kind === 'expense') this.outcome.created.expenses += 1;
  }

  /** The hourly rate the entry will keep (as the writer decides it): the file's with the 'file' choice where it has one, else the firm's. */
  private rateOf(planned: Extract<PlannedRow, { kind: 'time' }>): number | null {
    if (this.context.mapping.rates === 'file' && planned.fileRate !== null) return planned.fileRate;
    return this.context.firmRate({ projectId: this.projects.get(planned.projectKey) ?? null, caseNumber: planned.caseNumber, jobTitle: planned.jobTitle });
  }

  private place(cKey: string, pKey: string, caseNumber: string): void {
    this.touch('clients', `c:${cKey}`, this.clients.get(cKey) ?? null);
    const projectId = this.projects.get(pKey) ?? null;
    const isNew = this.touch('projects', `p:${pKey}`, projectId);
    // A new project comes with a case: its own new one, or the template's case (new or existing).
    if (!isNew) return;
    const number = caseNumber.toLowerCase();
    if (!number) this.touch('cases', `new:${pKey}`, null);
    else if (!this.context.casesByNumber.has(number) && !this.newCases.has(number)) {
      this.newCases.add(number);
      this.touch('cases', `k:${number}`, null);
    }
  }

  /** Counts an entity once: created when its id is null. True when it is new and created. */
  private touch(kind: 'clients' | 'cases' | 'projects', key: string, id: string | null): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    if (id === null) this.outcome.created[kind] += 1;
    else this.outcome.matched[kind] += 1;
    return id === null;
  }
}

/** The canonical text of a row whose hash is its fingerprint: the source and every value, trimmed, in header order. */
export function fingerprintText(source: string, cells: readonly string[]): string {
  return [source, ...cells.map((cell) => nameKey(cell))].join('\u001f');
}
