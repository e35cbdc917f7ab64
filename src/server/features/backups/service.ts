import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { TBackup, TBackupActivity } from '../../../core/api/backups.ts';
import { BACKUP_MESSAGES, backupsToPrune, confirmationMatches, type BackupTrigger } from '../../../core/backups.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { MIGRATIONS_DIR, migrate } from '../../db/migrate.ts';
import { AppError } from '../../errors/app-error.ts';
import { payloadStream, readManifest, verifyChecksum, type Manifest } from './archive.ts';
import type { Maintenance } from '../../http/maintenance.ts';
import { finishPgliteSwap, pgliteTarOf, stagePgliteFolder, swapPgliteFolder, verifyPgliteDump } from './pglite-engine.ts';
import { pgDump, pgRestoreReplacing, verifyPgDump } from './postgres-engine.ts';
import type { BackupStore } from './store.ts';


export interface BackupDeps {
  database: DatabaseHandle;
  store: BackupStore;
  /** The PGlite data folder; undefined for PostgreSQL or an in-memory database. */
  pgliteDir?: string;
  timeZone: string;
  appVersion: string;
  maintenance?: Maintenance;
  /** Pauses and resumes background work around a PGlite swap. */
  pause?: () => Promise<() => Promise<void>>;
  log?: { info(msg: string): void; error(msg: string): void };
}

/** Photo originals kept in S3 are not in the dump (docs/decisions/162): the backup names their buckets. */
async function originalsBuckets(db: DatabaseHandle['db']): Promise<{ originalsBuckets?: string[] }> {
  const rows = await db.selectFrom('field_report_originals').select('bucket').distinct().where('bucket', 'is not', null).execute();
  const names = rows.map((r) => r.bucket!).sort();
  return names.length ? { originalsBuckets: names.slice(0, 20) } : {};
}

async function latestMigration(): Promise<string> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort().at(-1) ?? '';
}

/** Back up, list and restore. One backup or restore at a time per process. */
export class BackupService {
  activity: TBackupActivity | null = null;
  /** The verification running now: the next waits for it. */
  private verifying: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: BackupDeps) {}

  get maintenance(): Maintenance | undefined {
    return this.deps.maintenance;
  }

  private begin(kind: TBackupActivity['kind'], phase: string) {
    if (this.activity && !this.activity.finishedAt) throw new AppError('CONSTRAINT_VIOLATION', BACKUP_MESSAGES.busy);
    this.activity = { kind, phase, startedAt: new Date().toISOString(), bytes: 0, error: null, finishedAt: null };
  }

  private end(error: unknown) {
    if (!this.activity) return;
    this.activity = { ...this.activity, phase: error ? 'failed' : 'done', error: error ? (error as Error).message : null, finishedAt: new Date().toISOString() };
  }

  /** A consistent snapshot of the whole database into the backup folder; `startedBy`: the display name of who asked for it. */
  async backup(trigger: BackupTrigger, options: { nested?: boolean; startedBy?: string } = {}): Promise<TBackup> {
    if (!options.nested) this.begin('backup', 'dumping');
    const { database, store } = this.deps;
    try {
      const meta = {
        app: 'casebook' as const, format: 1 as const, appVersion: this.deps.appVersion, kind: database.kind, trigger,
        lastMigration: await latestMigration(), ...(options.startedBy ? { startedBy: options.startedBy } : {}),
        ...(await originalsBuckets(database.db)),
      };
      const result = await store.write(meta, async (write) => {
        if (database.kind === 'postgres') await pgDump(database.url!, write);
        else await database.backup!(write);
      }, (bytes) => { if (this.activity) this.activity.bytes = bytes; });
      await store.clearFailuresBefore(result.createdAt);
      if (!options.nested) this.end(null);
      this.deps.log?.info(`Backup ${result.name} written (${result.size} bytes)`);
      return result;
    } catch (error) {
      this.deps.log?.error(`Backup failed: ${(error as Error).message}`);
      await store.recordFailure(trigger, database.kind, (error as Error).message, options.startedBy ?? null).catch(() => undefined);
      if (!options.nested) this.end(error);
      throw error;
    }
  }

  /** The daily run: a backup, then only the newest `keep` scheduled backups stay. */
  async scheduledBackup(keep: number): Promise<void> {
    await this.backup('scheduled');
    for (const old of backupsToPrune((await this.deps.store.list()).filter((b) => b.status === 'completed'), keep)) {
      await this.deps.store.remove(old.name!);
    }
  }

  /**
   * Everything that can be checked without touching the data: checksum, kind, version, then the
   * dump itself read through (gzip and tar, or pg_dump's archive) and loaded where it cannot harm
   * this process (a child process). One verification at a time: each may hold a database's worth
   * of memory in its child. Rejects only with the catalogue's AppError (400).
   */
  verify(file: string): Promise<Manifest> {
    const run = this.verifying.then(() => this.verifyNow(file));
    this.verifying = run.catch(() => undefined);
    return run;
  }

  private async verifyNow(file: string): Promise<Manifest> {
    const manifest = await verifyChecksum(file);
    if (manifest.kind !== this.deps.database.kind) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.otherKind(manifest.kind));
    if (manifest.lastMigration > (await latestMigration())) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.newerApp);
    if (manifest.kind === 'pglite') await verifyPgliteDump(file, manifest, (reason) => this.deps.log?.error(reason));
    else await verifyPgDump(file, manifest);
    return manifest;
  }

  /** An upload is kept only once it has passed the same verification as a restore; it is labelled with who uploaded it and when. */
  receive(body: Readable, uploadedBy: string): Promise<TBackup> {
    return this.deps.store.receive(body, (file) => this.verify(file), { by: uploadedBy, at: new Date().toISOString() });
  }

  /**
   * Checks the confirmation and the file, then (in the background, returned as a promise)
   * enters maintenance, backs up the current data, replaces it, migrates, and leaves maintenance.
   * Every session ends: everyone signs in again.
   */
  async restore(file: string, confirmation: string | null, startedBy?: string): Promise<{ done: Promise<void> }> {
    this.begin('restore', 'verifying');
    let manifest: Manifest;
    try {
      manifest = await readManifest(file);
      if (confirmation !== null && !confirmationMatches(confirmation, manifest.createdAt, this.deps.timeZone)) {
        throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.wrongConfirmation);
      }
      manifest = await this.verify(file);
    } catch (error) {
      this.end(error);
      throw error;
    }
    const done = this.replace(file, manifest, startedBy).then(() => this.end(null), (error) => {
      this.deps.log?.error(`Restore failed: ${(error as Error).message}`);
      this.end(error);
      throw error;
    });
    return { done };
  }

  private async replace(file: string, manifest: Manifest, startedBy: string | undefined) {
    const { database, maintenance, pgliteDir } = this.deps;
    const phase = (p: string) => { if (this.activity) this.activity.phase = p; };
    await maintenance?.begin();
    try {
      phase('backing up the current data');
      await this.backup('pre-restore', { nested: true, startedBy });
      phase('replacing the data');
      if (database.kind === 'postgres') {
        await pgRestoreReplacing(database.url!, payloadStream(file, manifest), 'DELETE FROM public.sessions;');
      } else {
        const snapshot = await pgliteTarOf(file, manifest);
        const name = path.basename(file);
        if (pgliteDir) await stagePgliteFolder(pgliteDir, snapshot, name);
        const resume = (await this.deps.pause?.()) ?? (async () => undefined);
        try {
          await database.replaceData!(async () => {
            if (!pgliteDir) return snapshot;
            await swapPgliteFolder(pgliteDir, name);
            return undefined;
          });
        } finally {
          await resume();
        }
      }
      // The backup's sessions end first: a migration that refuses (a changed landed file) must not
      // leave them signed in.
      await sql`delete from sessions`.execute(database.db);
      phase('applying migrations');
      await migrate(database.db);
      if (pgliteDir) await finishPgliteSwap(pgliteDir);
      this.deps.log?.info(`Restored ${path.basename(file)}; everyone signs in again`);
    } finally {
      await maintenance?.end();
    }
  }
}
