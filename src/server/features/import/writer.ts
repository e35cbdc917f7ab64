import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TImportMapping } from '../../../core/api/import.ts';
import type { PlannedRow } from '../../../core/import/plan.ts';
import type { Tx } from '../../db/connection.ts';
import { firmSeries, takeFileNumber, takeProjectNumber, type NumberSeries } from '../../../core/import/numbers.ts';
import { importTimeEntries } from '../time/index.ts';
import { firstRateCodeId } from './directory.ts';
import type { PlannedEntry } from './walk.ts';

// The import's writes, inside its one transaction: per batch, the clients, cases and projects the
// mapping leaves to create (each once, one INSERT per table), then the entries. A new project gets
// a case of its own with the next file number of the firm's series (numbers.ts, docs/decisions/118)
// and the firm's first rate code (docs/decisions/093); a new project is numbered `<file number>-NN`.

/**
 * Entries come with their project's case and client, one join per statement, so the per-row
 * fill-in trigger is skipped (a statement trigger checks them: migration 025, docs/decisions/153).
 */
const CASE_AND_CLIENT = sql`left join projects p on p.id = r.project_id left join cases c on c.id = p.case_id`;

export class ImportWriter {
  private readonly clients = new Map<string, string>();
  private readonly projects = new Map<string, string>();
  private readonly cases = new Map<string, { id: string; hasPrimary: boolean }>();
  private queued: {
    clients: { id: string; name: string }[];
    cases: { id: string; clientId: string; fileNumber: string; caseName: string }[];
    projects: { id: string; caseId: string; number: string; name: string; primary: boolean }[];
  } = { clients: [], cases: [], projects: [] };
  private readonly names: { clients: Map<string, string>; projects: Map<string, string> };

  private constructor(
    private readonly tx: Tx,
    private readonly options: {
      mapping: TImportMapping; actorId: string; series: NumberSeries; rateCodeId: string | null;
      initials: Map<string, string>; existingCases: Map<string, string>;
      /** File numbers and project numbers in use (lower case), this import's own added as it makes them. */
      fileNumbers: Set<string>; projectNumbers: Set<string>;
    },
  ) {
    const { mapping } = options;
    for (const c of mapping.clients) if (c.clientId) this.clients.set(c.key, c.clientId);
    for (const p of mapping.projects) if (p.projectId) this.projects.set(p.key, p.projectId);
    this.names = {
      clients: new Map(mapping.clients.map((c) => [c.key, c.name])),
      projects: new Map(mapping.projects.map((p) => [p.key, p.name])),
    };
  }

  /** Sets the audit's actor for the transaction and reads what the writes need. */
  static async open(tx: Tx, options: { mapping: TImportMapping; actorId: string }): Promise<ImportWriter> {
    await sql`select set_config('casebook.actor', ${options.actorId}, true)`.execute(tx);
    const profiles = await tx.selectFrom('profiles').select(['id', 'initials']).execute();
    const cases = await tx.selectFrom('cases').select(['id', 'file_number']).orderBy('created_at', 'desc').orderBy('file_number', 'desc').execute();
    const projects = await tx.selectFrom('projects').select('project_number').execute();
    const { rows: [today] } = await sql<{ d: string }>`select current_date::text d`.execute(tx);
    const fileNumbers = cases.map((c) => c.file_number);
    return new ImportWriter(tx, {
      ...options, series: firmSeries(fileNumbers, fileNumbers, today!.d), rateCodeId: await firstRateCodeId(tx),
      initials: new Map(profiles.map((p) => [p.id, p.initials.slice(0, 3)])),
      existingCases: new Map(cases.map((c) => [c.file_number.toLowerCase(), c.id])),
      fileNumbers: new Set(fileNumbers.map((n) => n.toLowerCase())),
      projectNumbers: new Set(projects.map((p) => p.project_number.toLowerCase())),
    });
  }

  async write(entries: PlannedEntry[]): Promise<void> {
    const times: { projectId: string; planned: Extract<PlannedRow, { kind: 'time' }>; fingerprint: string | null }[] = [];
    const expenses: { projectId: string; planned: Extract<PlannedRow, { kind: 'expense' }>; fingerprint: string | null }[] = [];
    for (const { planned, fingerprint } of entries) {
      if (planned.kind === 'client') this.clientId(planned.clientKey);
      else if (planned.kind === 'case') this.caseFor(planned.caseNumber, this.clientId(planned.clientKey), planned.caseName);
      else if (planned.kind === 'project') this.projectId(planned);
      else if (planned.kind === 'time') times.push({ projectId: this.projectId(planned), planned, fingerprint });
      else expenses.push({ projectId: this.projectId(planned), planned, fingerprint });
    }
    await this.createQueued();
    const { actorId, initials } = this.options;
    // The time entries through the time domain's one writer (docs/decisions/128): the person's
    // initials, the rate frozen as every new entry's (or the file's), one statement per batch.
    await importTimeEntries(this.tx, {
      actorId,
      entries: times.map(({ projectId, planned, fingerprint }) => ({
        id: randomUUID(), projectId, userId: planned.userId, entryDate: planned.date, jobType: planned.jobTitle,
        hours: planned.hours.toFixed(2), description: planned.description, importFingerprint: fingerprint,
        ...(this.options.mapping.rates === 'file' && planned.fileRate !== null && { rate: planned.fileRate.toFixed(2) }),
      })),
    });
    // One statement per batch, its values as arrays (unnest): no per-row parameters to build or send.
    if (expenses.length) {
      await sql`
        insert into expense_entries (id, project_id, case_id, client_id, user_id, entry_date, expense_type, amount, description, initials, created_by, import_fingerprint)
        select gen_random_uuid(), r.project_id, p.case_id, c.client_id, r.user_id, r.entry_date, r.expense_type, r.amount, r.description, r.initials, ${actorId}::uuid, r.fingerprint
        from unnest(${expenses.map((e) => e.projectId)}::uuid[], ${expenses.map((e) => e.planned.userId)}::uuid[],
          ${expenses.map((e) => e.planned.date)}::date[], ${expenses.map((e) => e.planned.expenseType)}::text[],
          ${expenses.map((e) => e.planned.amount.toFixed(2))}::numeric[], ${expenses.map((e) => e.planned.description)}::text[],
          ${expenses.map((e) => initials.get(e.planned.userId) ?? '')}::text[], ${expenses.map((e) => e.fingerprint)}::text[]) with ordinality
          as r (project_id, user_id, entry_date, expense_type, amount, description, initials, fingerprint, n)
        ${CASE_AND_CLIENT}
        order by r.n
        on conflict (import_fingerprint) where import_fingerprint is not null do nothing`.execute(this.tx);
    }
  }

  /** The client of this key: mapped, made earlier, or new (its row queued for `createQueued`). */
  private clientId(key: string): string {
    const known = this.clients.get(key);
    if (known) return known;
    const id = randomUUID();
    this.queued.clients.push({ id, name: this.names.clients.get(key) ?? key });
    this.clients.set(key, id);
    return id;
  }

  private caseFor(fileNumber: string, clientId: string, caseName: string): { id: string; hasPrimary: boolean } {
    const key = fileNumber.toLowerCase();
    const cached = this.cases.get(key);
    if (cached) return cached;
    const existing = this.options.existingCases.get(key);
    const found = existing ? { id: existing, hasPrimary: true } : { id: randomUUID(), hasPrimary: false };
    if (!existing) {
      this.queued.cases.push({ id: found.id, clientId, fileNumber, caseName });
      this.options.fileNumbers.add(key);
    }
    this.cases.set(key, found);
    return found;
  }

  private projectId(planned: { clientKey: string; projectKey: string; caseNumber: string }): string {
    const known = this.projects.get(planned.projectKey);
    if (known) return known;
    const clientId = this.clientId(planned.clientKey);
    const name = this.names.projects.get(planned.projectKey) ?? '';
    const fileNumber = planned.caseNumber || takeFileNumber(this.options.series, this.options.fileNumbers);
    const theCase = this.caseFor(fileNumber, clientId, planned.caseNumber ? '' : name);
    const number = takeProjectNumber(fileNumber, this.options.projectNumbers);
    this.options.projectNumbers.add(number.toLowerCase());
    const id = randomUUID();
    this.queued.projects.push({ id, caseId: theCase.id, number, name, primary: !theCase.hasPrimary });
    theCase.hasPrimary = true;
    this.projects.set(planned.projectKey, id);
    return id;
  }

  /** The batch's new clients, cases and projects: one INSERT each (their ids made here, so entries can name them). */
  private async createQueued(): Promise<void> {
    const { clients, cases, projects } = this.queued;
    if (clients.length) {
      await sql`
        insert into clients (id, name, created_by, completion_percentage)
        select r.id, r.name, ${this.options.actorId}::uuid, 100
        from unnest(${clients.map((c) => c.id)}::uuid[], ${clients.map((c) => c.name)}::text[]) with ordinality as r (id, name, n)
        order by r.n`.execute(this.tx);
    }
    if (cases.length) {
      await sql`
        insert into cases (id, client_id, file_number, case_name, rate_code_id)
        select r.id, r.client_id, r.file_number, r.case_name, ${this.options.rateCodeId}::uuid
        from unnest(${cases.map((c) => c.id)}::uuid[], ${cases.map((c) => c.clientId)}::uuid[],
          ${cases.map((c) => c.fileNumber)}::text[], ${cases.map((c) => c.caseName)}::text[]) with ordinality as r (id, client_id, file_number, case_name, n)
        order by r.n`.execute(this.tx);
    }
    if (projects.length) {
      await sql`
        insert into projects (id, case_id, project_number, project_name, is_primary_project)
        select r.id, r.case_id, r.project_number, r.project_name, r.is_primary
        from unnest(${projects.map((p) => p.id)}::uuid[], ${projects.map((p) => p.caseId)}::uuid[],
          ${projects.map((p) => p.number)}::text[], ${projects.map((p) => p.name)}::text[],
          ${projects.map((p) => p.primary)}::boolean[]) with ordinality as r (id, case_id, project_number, project_name, is_primary, n)
        order by r.n`.execute(this.tx);
    }
    this.queued = { clients: [], cases: [], projects: [] };
  }
}
