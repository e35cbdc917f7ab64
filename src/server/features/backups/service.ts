import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { TBackup, TBackupActivity } from '../../../core/api/backups.ts';
import { BACKUP_MESSAGES, backupsToPrune, confirmationMatches, type BackupTrigger } from '../../../core/backups.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { migrate } from '../../db/migrate.ts';
import { AppError } from '../../http/app-error.ts';
import { payloadStream, readManifest, verifyChecksum, type Manifest } from './archive.ts';
import type { Maintenance } from './maintenance.ts';
import { finishPgliteSwap, stagePgliteFolder, swapPgliteFolder, verifyPgliteSnapshot } from './pglite-engine.ts';
import { pgDump, pgRestoreList, pgRestoreReplacing } from './postgres-engine.ts';
import type { BackupStore } from './store.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

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

async function latestMigration(): Promise<string> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort().at(-1) ?? '';
}

/** Back up, list and restore. One backup or restore at a time per process. */
export class BackupService {
  activity: TBackupActivity | null = null;

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

  /** A consistent snapshot of the whole database into the backup folder. */
  async backup(trigger: BackupTrigger, options: { nested?: boolean } = {}): Promise<TBackup> {
    if (!options.nested) this.begin('backup', 'dumping');
    const { database, store } = this.deps;
    try {
      const meta = { app: 'casebook' as const, format: 1 as const, appVersion: this.deps.appVersion, kind: database.kind, trigger, lastMigration: await latestMigration() };
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
      await store.recordFailure(trigger, database.kind, (error as Error).message).catch(() => undefined);
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

  /** Everything that can be checked without touching the data: checksum, kind, version, and that it loads. */
  async verify(file: string): Promise<Manifest> {
    const manifest = await verifyChecksum(file);
    if (manifest.kind !== this.deps.database.kind) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.otherKind(manifest.kind));
    if (manifest.lastMigration > (await latestMigration())) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.newerApp);
    if (manifest.kind === 'pglite') {
      await verifyPgliteSnapshot(await this.snapshotOf(file, manifest));
    } else {
      const toc = await pgRestoreList(payloadStream(file, manifest)).catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.doesNotLoad);
      });
      if (!/TABLE public schema_migrations/.test(toc) || !/TABLE public audit_log/.test(toc)) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.notABackup);
    }
    return manifest;
  }

  /**
   * Checks the confirmation and the file, then (in the background, returned as a promise)
   * enters maintenance, backs up the current data, replaces it, migrates, and leaves maintenance.
   * Every session ends: everyone signs in again.
   */
  async restore(file: string, confirmation: string | null): Promise<{ done: Promise<void> }> {
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
    const done = this.replace(file, manifest).then(() => this.end(null), (error) => {
      this.deps.log?.error(`Restore failed: ${(error as Error).message}`);
      this.end(error);
      throw error;
    });
    return { done };
  }

  private async replace(file: string, manifest: Manifest) {
    const { database, maintenance, pgliteDir } = this.deps;
    const phase = (p: string) => { if (this.activity) this.activity.phase = p; };
    await maintenance?.begin();
    try {
      phase('backing up the current data');
      await this.backup('pre-restore', { nested: true });
      phase('replacing the data');
      if (database.kind === 'postgres') {
        await pgRestoreReplacing(database.url!, payloadStream(file, manifest), 'DELETE FROM public.sessions;');
      } else {
        const snapshot = await this.snapshotOf(file, manifest);
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
      phase('applying migrations');
      await migrate(database.db);
      await sql`delete from sessions`.execute(database.db);
      if (pgliteDir) await finishPgliteSwap(pgliteDir);
      this.deps.log?.info(`Restored ${path.basename(file)}; everyone signs in again`);
    } finally {
      await maintenance?.end();
    }
  }

  private async snapshotOf(file: string, manifest: Manifest): Promise<Blob> {
    const chunks: Buffer[] = [];
    for await (const chunk of payloadStream(file, manifest)) chunks.push(chunk as Buffer);
    return new Blob(chunks as unknown as BlobPart[], { type: 'application/x-gzip' });
  }
}
