import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TImportMapping } from '../../../core/api/import.ts';
import type { PlannedRow } from '../../../core/import/plan.ts';
import type { Tx } from '../../db/connection.ts';
import { rateFor } from '../time-tracking/job-titles.ts';
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
    const times: Record<string, unknown>[] = [];
    const expenses: Record<string, unknown>[] = [];
    for (const { planned, fingerprint } of entries) {
      if (planned.kind === 'client') await this.clientId(planned.clientKey);
      else if (planned.kind === 'case') await this.caseFor(planned.caseNumber, await this.clientId(planned.clientKey), planned.caseName);
      else if (planned.kind === 'project') await this.projectId(planned);
      else if (planned.kind === 'time') {
        const projectId = await this.projectId(planned);
        times.push({
          id: randomUUID(), project_id: projectId, user_id: planned.userId, entry_date: planned.date, job_type: planned.jobTitle,
          hours: planned.hours.toFixed(2), rate: await this.rate(projectId, planned), description: planned.description,
          initials: this.options.initials.get(planned.userId) ?? '', created_by: this.options.actorId, import_fingerprint: fingerprint,
        });
      } else {
        expenses.push({
          id: randomUUID(), project_id: await this.projectId(planned), user_id: planned.userId, entry_date: planned.date,
          expense_type: planned.expenseType, amount: planned.amount.toFixed(2), description: planned.description,
          initials: this.options.initials.get(planned.userId) ?? '', created_by: this.options.actorId, import_fingerprint: fingerprint,
        });
      }
    }
    if (times.length) {
      await this.tx.insertInto('time_entries').values(times as never)
        .onConflict((oc) => oc.column('import_fingerprint').where('import_fingerprint', 'is not', null).doNothing()).execute();
    }
    if (expenses.length) {
      await this.tx.insertInto('expense_entries').values(expenses as never)
        .onConflict((oc) => oc.column('import_fingerprint').where('import_fingerprint', 'is not', null).doNothing()).execute();
    }
  }

  private async rate(projectId: string, planned: Extract<PlannedRow, { kind: 'time' }>): Promise<string | null> {
    if (this.options.mapping.rates === 'file' && planned.fileRate !== null) return planned.fileRate.toFixed(2);
    const key = `${projectId}|${planned.jobTitle}`;
    if (!this.rates.has(key)) this.rates.set(key, await rateFor(this.tx, { projectId, jobType: planned.jobTitle }));
    const rate = this.rates.get(key);
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
