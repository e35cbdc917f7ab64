import { sql } from 'kysely';
import type { TImportMapping } from '../../../core/api/import.ts';
import type { PlannedRow } from '../../../core/import/plan.ts';
import type { Tx } from '../../db/connection.ts';
import { resolveRate } from '../../../core/rates.ts';
import type { PlannedEntry } from './walk.ts';

// The import's writes, inside its one transaction: clients, cases and projects the mapping leaves
// to create (each once), then the entries in batches. A new project gets a case of its own with
// the file number IMP-<n> (n: one more than the highest IMP number of cases and projects), the
// project number the same, and the firm's first rate code (docs/decisions/093).

export const IMPORT_NUMBER_PREFIX = 'IMP-';

export class ImportWriter {
  private readonly clients = new Map<string, string>();
  private readonly projects = new Map<string, string>();
  private readonly cases = new Map<string, { id: string; hasPrimary: boolean }>();
  private readonly rates = new Map<string, number | null>();
  private readonly names: { clients: Map<string, string>; projects: Map<string, string> };

  private constructor(
    private readonly tx: Tx,
    private readonly options: {
      mapping: TImportMapping; actorId: string; nextNumber: number; rateCodeId: string | null;
      initials: Map<string, string>; existingCases: Map<string, string>;
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
    const { rows: [top] } = await sql<{ n: number | null }>`
      select max(substring(v from 5)::int) n from (
        select file_number v from cases union all select project_number from projects) x
      where v ~ '^IMP-[0-9]{1,9}$'`.execute(tx);
    const rateCode = await tx.selectFrom('rate_codes').select('id').orderBy('created_at').orderBy('code').executeTakeFirst();
    const profiles = await tx.selectFrom('profiles').select(['id', 'initials']).execute();
    const cases = await tx.selectFrom('cases').select(['id', 'file_number']).execute();
    return new ImportWriter(tx, {
      ...options, nextNumber: (top?.n ?? 0) + 1, rateCodeId: rateCode?.id ?? null,
      initials: new Map(profiles.map((p) => [p.id, p.initials.slice(0, 3)])),
      existingCases: new Map(cases.map((c) => [c.file_number.toLowerCase(), c.id])),
    });
  }

  async write(entries: PlannedEntry[]): Promise<void> {
    const times: { projectId: string; planned: Extract<PlannedRow, { kind: 'time' }>; fingerprint: string | null }[] = [];
    const expenses: { projectId: string; planned: Extract<PlannedRow, { kind: 'expense' }>; fingerprint: string | null }[] = [];
    for (const { planned, fingerprint } of entries) {
      if (planned.kind === 'client') await this.clientId(planned.clientKey);
      else if (planned.kind === 'case') await this.caseFor(planned.caseNumber, await this.clientId(planned.clientKey), planned.caseName);
      else if (planned.kind === 'project') await this.projectId(planned);
      else if (planned.kind === 'time') times.push({ projectId: await this.projectId(planned), planned, fingerprint });
      else expenses.push({ projectId: await this.projectId(planned), planned, fingerprint });
    }
    await this.resolveRates(times.map((t) => [t.projectId, t.planned.jobTitle]));
    const { actorId, initials } = this.options;
    // One statement per batch, its values as arrays (unnest): no per-row parameters to build or send.
    if (times.length) {
      await sql`
        insert into time_entries (id, project_id, user_id, entry_date, job_type, hours, rate, description, initials, created_by, import_fingerprint)
        select gen_random_uuid(), r.project_id, r.user_id, r.entry_date, r.job_type, r.hours, r.rate, r.description, r.initials, ${actorId}::uuid, r.fingerprint
        from unnest(${times.map((t) => t.projectId)}::uuid[], ${times.map((t) => t.planned.userId)}::uuid[],
          ${times.map((t) => t.planned.date)}::date[], ${times.map((t) => t.planned.jobTitle)}::text[],
          ${times.map((t) => t.planned.hours.toFixed(2))}::numeric[], ${times.map((t) => this.rate(t.projectId, t.planned))}::numeric[],
          ${times.map((t) => t.planned.description)}::text[], ${times.map((t) => initials.get(t.planned.userId) ?? '')}::text[],
          ${times.map((t) => t.fingerprint)}::text[])
          as r (project_id, user_id, entry_date, job_type, hours, rate, description, initials, fingerprint)
        on conflict (import_fingerprint) where import_fingerprint is not null do nothing`.execute(this.tx);
    }
    if (expenses.length) {
      await sql`
        insert into expense_entries (id, project_id, user_id, entry_date, expense_type, amount, description, initials, created_by, import_fingerprint)
        select gen_random_uuid(), r.project_id, r.user_id, r.entry_date, r.expense_type, r.amount, r.description, r.initials, ${actorId}::uuid, r.fingerprint
        from unnest(${expenses.map((e) => e.projectId)}::uuid[], ${expenses.map((e) => e.planned.userId)}::uuid[],
          ${expenses.map((e) => e.planned.date)}::date[], ${expenses.map((e) => e.planned.expenseType)}::text[],
          ${expenses.map((e) => e.planned.amount.toFixed(2))}::numeric[], ${expenses.map((e) => e.planned.description)}::text[],
          ${expenses.map((e) => initials.get(e.planned.userId) ?? '')}::text[], ${expenses.map((e) => e.fingerprint)}::text[])
          as r (project_id, user_id, entry_date, expense_type, amount, description, initials, fingerprint)
        on conflict (import_fingerprint) where import_fingerprint is not null do nothing`.execute(this.tx);
    }
  }

  /** The firm's rate of each (project, job title) not yet known, in one query (the rule of rateFor: the case's custom rate, else its rate code's). */
  private async resolveRates(pairs: [string, string][]): Promise<void> {
    const missing = [...new Map(pairs.filter(([p, j]) => !this.rates.has(`${p}|${j}`)).map((pair) => [pair.join('|'), pair])).values()];
    if (!missing.length) return;
    const { rows } = await sql<{ project_id: string; job_type: string; custom_rates: Record<string, number | string> | null; rate: string | null }>`
      select q.project_id, q.job_type, a.custom_rates, i.rate
      from unnest(${missing.map(([p]) => p)}::uuid[], ${missing.map(([, j]) => j)}::text[]) as q (project_id, job_type)
      join projects p on p.id = q.project_id
      join cases c on c.id = p.case_id
      left join case_rate_assignments a on a.case_id = c.id
      left join rate_code_items i on i.rate_code_id = c.rate_code_id and i.job_type = q.job_type and i.active`.execute(this.tx);
    for (const row of rows) {
      this.rates.set(`${row.project_id}|${row.job_type}`, resolveRate({
        customRates: row.custom_rates, jobType: row.job_type,
        rateCodeItems: row.rate === null ? [] : [{ job_type: row.job_type, rate: row.rate, active: true }],
      }));
    }
  }

  private rate(projectId: string, planned: Extract<PlannedRow, { kind: 'time' }>): string | null {
    if (this.options.mapping.rates === 'file' && planned.fileRate !== null) return planned.fileRate.toFixed(2);
    const rate = this.rates.get(`${projectId}|${planned.jobTitle}`);
    return rate === null || rate === undefined ? null : rate.toFixed(2);
  }

  private async clientId(key: string): Promise<string> {
    const known = this.clients.get(key);
    if (known) return known;
    const row = await this.tx.insertInto('clients')
      .values({ name: this.names.clients.get(key) ?? key, created_by: this.options.actorId, completion_percentage: 100 })
      .returning('id').executeTakeFirstOrThrow();
    this.clients.set(key, row.id);
    return row.id;
  }

  private async caseFor(fileNumber: string, clientId: string, caseName: string): Promise<{ id: string; hasPrimary: boolean }> {
    const key = fileNumber.toLowerCase();
    const cached = this.cases.get(key);
    if (cached) return cached;
    const existing = this.options.existingCases.get(key);
    if (existing) {
      const found = { id: existing, hasPrimary: true };
      this.cases.set(key, found);
      return found;
    }
    const row = await this.tx.insertInto('cases')
      .values({ client_id: clientId, file_number: fileNumber, case_name: caseName, rate_code_id: this.options.rateCodeId })
      .returning('id').executeTakeFirstOrThrow();
    const made = { id: row.id, hasPrimary: false };
    this.cases.set(key, made);
    return made;
  }

  private async projectId(planned: { clientKey: string; projectKey: string; caseNumber: string }): Promise<string> {
    const known = this.projects.get(planned.projectKey);
    if (known) return known;
    const clientId = await this.clientId(planned.clientKey);
    const name = this.names.projects.get(planned.projectKey) ?? '';
    const number = `${IMPORT_NUMBER_PREFIX}${this.options.nextNumber++}`;
    const theCase = await this.caseFor(planned.caseNumber || number, clientId, planned.caseNumber ? '' : name);
    const row = await this.tx.insertInto('projects')
      .values({ case_id: theCase.id, project_number: number, project_name: name, is_primary_project: !theCase.hasPrimary })
      .returning('id').executeTakeFirstOrThrow();
    theCase.hasPrimary = true;
    this.projects.set(planned.projectKey, row.id);
    return row.id;
  }
}
