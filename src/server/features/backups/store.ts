import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZBackup, type TBackup, type TUploaded } from '../../../core/api/backups.ts';
import { backupFileName, isBackupFileName, type BackupTrigger } from '../../../core/backups.ts';
import { AppError } from '../../errors/app-error.ts';
import { readManifest, replaceTrailer, trailerFor, type Manifest } from './archive.ts';

/** The backup folder: finished backups (`*.backup`) and failure notes (`failed-*.json`). */
export class BackupStore {
  constructor(readonly dir: string) {}

  pathOf(name: string): string {
    if (!isBackupFileName(name)) throw new AppError('RECORD_NOT_FOUND');
    return path.join(this.dir, name);
  }

  /** Writes a backup: the dump arrives in chunks through `produce`; the file appears whole or not at all. */
  async write(meta: Omit<Manifest, 'payloadBytes' | 'sha256' | 'createdAt'>, produce: (write: (chunk: Buffer) => void) => Promise<void>,
    onProgress?: (bytes: number) => void): Promise<TBackup> {
    await mkdir(this.dir, { recursive: true });
    const createdAt = new Date();
    const name = await this.freeName(backupFileName(createdAt, meta.trigger));
    const partial = path.join(this.dir, `.${name}.partial`);
    const out = createWriteStream(partial);
    // A disk that fills up, or a chunk arriving after the backup has failed, is this backup's
    // failure: never an 'error' event nobody listens to (which would stop the process).
    let failure: Error | null = null;
    out.on('error', (error) => { failure ??= error; });
    const hash = createHash('sha256');
    let bytes = 0;
    try {
      await produce((chunk) => {
        if (failure) return;
        hash.update(chunk);
        bytes += chunk.length;
        out.write(chunk);
        onProgress?.(bytes);
      });
      if (failure) throw failure;
      const manifest: Manifest = { ...meta, createdAt: createdAt.toISOString(), payloadBytes: bytes, sha256: hash.digest('hex') };
      await new Promise<void>((resolve, reject) => out.end(trailerFor(manifest), (e?: Error | null) => (e ? reject(e) : resolve())));
      if (failure) throw failure;
      await rename(partial, path.join(this.dir, name));
      return this.describe(name, manifest);
    } catch (error) {
      failure ??= error as Error;
      out.destroy();
      await rm(partial, { force: true });
      throw error;
    }
  }

  /**
   * Stores an uploaded file once `verify` (the same verification as a restore) has passed, labelled
   * with who uploaded it and when. A refused file is deleted: nothing is listed, nothing is left.
   */
  async receive(body: Readable, verify: (file: string) => Promise<Manifest>, uploaded: TUploaded): Promise<TBackup> {
    await mkdir(this.dir, { recursive: true });
    const partial = path.join(this.dir, `.upload-${Date.now()}-${process.pid}-${++this.uploads}.partial`);
    try {
      await pipeline(body, createWriteStream(partial));
      const manifest: Manifest = { ...(await verify(partial)), uploaded };
      await replaceTrailer(partial, manifest);
      const name = await this.freeName(backupFileName(new Date(manifest.createdAt), manifest.trigger).replace('.backup', '-uploaded.backup'));
      await rename(partial, path.join(this.dir, name));
      return this.describe(name, manifest);
    } finally {
      await rm(partial, { force: true });
    }
  }

  private uploads = 0;

  async list(): Promise<TBackup[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const backups = await Promise.all(names.filter(isBackupFileName).map(async (name) => {
      try {
        return this.describe(name, await readManifest(path.join(this.dir, name)));
      } catch {
        return null; // a damaged file is not offered for restore
      }
    }));
    const failures = await Promise.all(names.filter((n) => /^failed-\d+\.json$/.test(n)).map(async (n) => {
      try {
        return ZBackup.parse({ uploaded: null, startedBy: null, ...JSON.parse(await readFile(path.join(this.dir, n), 'utf8')) });
      } catch {
        return null; // not a note this app wrote
      }
    }));
    return [...backups, ...failures].filter((b): b is TBackup => b !== null).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async recordFailure(trigger: BackupTrigger, kind: Manifest['kind'], error: string, startedBy: string | null): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const now = new Date();
    const failure: TBackup = {
      name: null, createdAt: now.toISOString(), size: 0, kind, appVersion: '', sha256: '', trigger, status: 'failed', error, uploaded: null, startedBy,
      originalsBuckets: [],
    };
    await writeFile(path.join(this.dir, `failed-${now.getTime()}.json`), JSON.stringify(failure));
  }

  /** Failure notes older than the newest good backup have been answered by it. */
  async clearFailuresBefore(createdAt: string): Promise<void> {
    for (const item of await this.list()) {
      if (item.status === 'failed' && item.createdAt < createdAt) {
        await rm(path.join(this.dir, `failed-${Date.parse(item.createdAt)}.json`), { force: true });
      }
    }
  }

  remove = (name: string) => rm(this.pathOf(name), { force: true });

  private async describe(name: string, manifest: Manifest): Promise<TBackup> {
    const { size, mtime } = await stat(path.join(this.dir, name));
    // Files uploaded before uploads were labelled say so only in their name.
    const uploaded = manifest.uploaded ?? (name.includes('-uploaded') ? { by: null, at: mtime.toISOString() } : null);
    return {
      name, createdAt: manifest.createdAt, size, kind: manifest.kind, appVersion: manifest.appVersion, sha256: manifest.sha256,
      trigger: manifest.trigger, status: 'completed', error: null, uploaded, startedBy: manifest.startedBy ?? null,
      originalsBuckets: manifest.originalsBuckets ?? [],
    };
  }

  private async freeName(name: string): Promise<string> {
    const taken = new Set(await readdir(this.dir).catch(() => [] as string[]));
    for (let i = 1; taken.has(name); i++) name = name.replace(/(-\d+)?\.backup$/, `-${i}.backup`);
    return name;
  }
}
