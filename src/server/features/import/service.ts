import type { TImport, TImportMapping } from '../../../core/api/import.ts';
import { mappingProblem, proposeMapping } from '../../../core/import/mapping.ts';
import type { Db, DatabaseHandle } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { CsvUpload } from '../../uploads/csv-upload.ts';
import { storeChunks } from './chunks.ts';
import { firmDirectory } from './directory.ts';
import { scanFile } from './scan.ts';
import * as store from './store.ts';
import { walkImport } from './walk.ts';
import { ImportWriter } from './writer.ts';

export const IMPORT_QUEUE = 'imports.run';
interface RunPayload { importId: string; actorId: string }

/** Upload → mapping → dry run → the import job (docs/decisions/093). */
export class ImportService {
  /** Progress of the imports this process runs (the transaction's own writes are invisible until it ends). */
  private readonly progress = new Map<string, { done: number; total: number }>();

  constructor(private readonly options: { database: DatabaseHandle; jobs: JobRunner; log: { error(obj: unknown, msg?: string): void } }) {
    options.jobs.handle<RunPayload>(IMPORT_QUEUE, (job) => this.execute(job.payload));
  }

  private get db(): Db {
    return this.options.database.db;
  }

  private view(row: Awaited<ReturnType<typeof store.findImport>>): TImport {
    return store.importView(row, this.progress.get(row.id));
  }

  /**
   * The upload's one pass (docs/decisions/095): its chunks are stored as they arrive and read by the
   * CSV parser at once, which recognises the source, counts the rows, keeps a sample and gathers
   * what the mapping proposal needs. A refused file leaves nothing behind.
   */
  async upload(file: CsvUpload, actorId: string): Promise<TImport> {
    const id = await store.startUpload(this.db, { fileName: file.fileName.slice(0, 255), createdBy: actorId });
    try {
      const scan = await scanFile(storeChunks(this.db, id, file.chunks));
      const mapping = proposeMapping(scan.summary, await firmDirectory(this.db));
      return this.view(await store.finishUpload(this.db, id, { source: scan.source, rowCount: scan.rowCount, sample: scan.sample, mapping }));
    } catch (error) {
      await store.deleteImport(this.db, id);
      throw error;
    }
  }

  async get(id: string): Promise<TImport> {
    return this.view(await store.findImport(this.db, id));
  }

  async list() {
    return (await store.listImports(this.db)).map((row) => {
      const { sample: _s, mapping: _m, dryRun: _d, ...rest } = this.view(row);
      return rest;
    });
  }

  /** The user's corrections: the same people, clients, projects and tasks, other targets (checked to exist). */
  async setMapping(id: string, corrected: TImportMapping): Promise<TImport> {
    const current = await store.findImport(this.db, id);
    if (current.status === 'running') throw new AppError('VALIDATION_ERROR', 'This import is running.');
    const problem = mappingProblem(current.mapping, corrected);
    if (problem) throw new AppError('VALIDATION_ERROR', problem);
    await this.checkTargets(corrected);
    const byKey = <T extends { key: string }>(items: T[]) => new Map(items.map((i) => [i.key, i]));
    const people = byKey(corrected.people);
    const clients = byKey(corrected.clients);
    const projects = byKey(corrected.projects);
    const titles = byKey(corrected.jobTitles);
    // The file's own names and counts stay as read; only the targets come from the request.
    const merged: TImportMapping = {
      people: current.mapping.people.map((p) => ({ ...p, userId: people.get(p.key)!.userId })),
      clients: current.mapping.clients.map((c) => ({ ...c, clientId: clients.get(c.key)!.clientId })),
      projects: current.mapping.projects.map((p) => ({ ...p, projectId: projects.get(p.key)!.projectId })),
      jobTitles: current.mapping.jobTitles.map((t) => ({ ...t, jobTitle: titles.get(t.key)!.jobTitle.trim() || t.jobTitle })),
      rates: corrected.rates,
    };
    await store.saveMapping(this.db, id, merged);
    return this.get(id);
  }

  private async checkTargets(mapping: TImportMapping): Promise<void> {
    const ids = (items: (string | null)[]) => [...new Set(items.filter((v): v is string => v !== null))];
    const users = ids(mapping.people.map((p) => p.userId));
    const clients = ids(mapping.clients.map((c) => c.clientId));
    const projects = ids(mapping.projects.map((p) => p.projectId));
    const count = async (table: 'users' | 'clients', list: string[]) =>
      list.length ? (await this.db.selectFrom(table).select('id').where('id', 'in', list).execute()).length : 0;
    if (await count('users', users) !== users.length) throw new AppError('VALIDATION_ERROR', 'A chosen person does not exist.');
    if (await count('clients', clients) !== clients.length) throw new AppError('VALIDATION_ERROR', 'A chosen client does not exist.');
    if (!projects.length) return;
    const found = await this.db.selectFrom('projects as p').innerJoin('cases as c', 'c.id', 'p.case_id')
      .select(['p.id', 'c.client_id']).where('p.id', 'in', projects).execute();
    const clientOf = new Map(found.map((f) => [f.id, f.client_id]));
    const clientIds = new Map(mapping.clients.map((c) => [c.key, c.clientId]));
    for (const p of mapping.projects) {
      if (!p.projectId) continue;
      if (!clientOf.has(p.projectId)) throw new AppError('VALIDATION_ERROR', `The project chosen for "${p.name}" does not exist.`);
      if (clientOf.get(p.projectId) !== clientIds.get(p.clientKey)) {
        throw new AppError('VALIDATION_ERROR', `The project chosen for "${p.name}" belongs to another client.`);
      }
    }
  }

  /** What the import would do, with no writes (but the report on the import's row). */
  async dryRun(id: string): Promise<TImport> {
    const row = await store.findImport(this.db, id);
    if (row.status === 'running') throw new AppError('VALIDATION_ERROR', 'This import is running.');
    const outcome = await walkImport(this.db, { importId: id, mapping: row.mapping });
    await store.saveDryRun(this.db, id, outcome);
    return this.get(id);
  }

  /** Starts the import: a job of the runner, worked at once on this instance (202), polled with get. */
  async start(id: string, actorId: string): Promise<TImport> {
    await store.findImport(this.db, id);
    if (!(await store.markRunning(this.db, id))) throw new AppError('VALIDATION_ERROR', 'This import is running already.');
    await enqueue<RunPayload>(this.db, { queue: IMPORT_QUEUE, key: id, payload: { importId: id, actorId }, maxAttempts: 3, delayMs: 60_000 });
    void this.options.jobs.runNow(IMPORT_QUEUE, id, { timeoutMs: 1_000 })
      .catch((error: unknown) => this.options.log.error({ err: error, importId: id }, 'import failed to start'));
    return this.get(id);
  }

  /** The job: the whole import in one transaction; a failure leaves nothing written and says why. */
  private async execute({ importId, actorId }: RunPayload): Promise<void> {
    const row = await store.findImport(this.db, importId);
    if (row.status !== 'running') return;
    const total = row.row_count;
    this.progress.set(importId, { done: 0, total });
    const outOfBand = this.options.database.kind === 'postgres';
    try {
      const result = await this.db.transaction().execute(async (tx) => {
        const writer = await ImportWriter.open(tx, { mapping: row.mapping, actorId });
        return walkImport(tx, {
          importId, mapping: row.mapping, onBatch: (entries) => writer.write(entries),
          onProgress: (done) => {
            this.progress.set(importId, { done, total });
            // Other instances read progress from the row (PGlite has one connection: the transaction's).
            if (outOfBand) void store.saveProgress(this.db, importId, done).catch(() => undefined);
          },
        });
      });
      await store.finishImport(this.db, importId, { result, done: total });
    } catch (error) {
      this.options.log.error({ err: error, importId }, 'import failed');
      await store.finishImport(this.db, importId, { error: `The import failed and nothing was imported: ${(error as Error).message}` });
    } finally {
      this.progress.delete(importId);
    }
  }
}
