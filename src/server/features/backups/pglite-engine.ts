import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { BACKUP_MESSAGES } from '../../../core/backups.ts';
import { AppError } from '../../errors/app-error.ts';
import { payloadStream, type Manifest } from './archive.ts';
import { maxTarBytes, readDataFolderArchive } from './data-folder-archive.ts';
import { APP_ROOT, BRIEF_PROCESS, processArgs } from '../../runtime.ts';

/** A trial load of a big database takes seconds; one that runs this long is stuck. */
const TRIAL_LOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * Reads a PGlite backup's dump through and checks its gzip and tar (data-folder-archive.ts), in
 * this process and with every error caught; with `keep`, returns the plain tar PGlite loads, so
 * PGlite's own decompression (which can reject a promise nobody handles) never runs.
 */
async function readDump(file: string, manifest: Manifest, keep: boolean): Promise<Buffer[]> {
  if (manifest.payloadBytes === 0) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.notABackup);
  return readDataFolderArchive(payloadStream(file, manifest), { maxBytes: maxTarBytes(manifest.payloadBytes), keep });
}

export const pgliteTarOf = async (file: string, manifest: Manifest) => new Blob((await readDump(file, manifest, true)) as unknown as BlobPart[]);

/** The whole check of a PGlite dump: its gzip and tar here, then a trial load in a child process. */
export async function verifyPgliteDump(file: string, manifest: Manifest, log?: (reason: string) => void): Promise<void> {
  await readDump(file, manifest, false);
  await trialLoadPglite(file, log);
}

/**
 * Proof that the database can start on the dump: loaded into a throw-away in-memory PGlite in a
 * child process (pglite-trial-load.ts), so that whatever PostgreSQL does with a damaged data
 * folder (an abort, a thrown callback, memory exhausted) ends that process, never this one.
 */
async function trialLoadPglite(file: string, log?: (reason: string) => void): Promise<void> {
  const child = spawn(process.execPath, [...BRIEF_PROCESS, ...processArgs('features/backups/pglite-trial-load.ts'), file], { cwd: APP_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-2000); });
  const timer = setTimeout(() => child.kill('SIGKILL'), TRIAL_LOAD_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', resolve);
  }).finally(() => clearTimeout(timer));
  if (code !== 0) {
    log?.(`Trial load of ${path.basename(file)} failed (exit ${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`);
    throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.doesNotLoad);
  }
}

/**
 * The journal of a folder swap, kept beside the data folder. The swap is two renames:
 * live → previous, staged → live. Whatever moment a process dies at, the next start can tell
 * which data is in place and finish or undo the swap (recoverPgliteSwap).
 */
const journalOf = (dataDir: string) => `${dataDir}.restore.json`;
const stagedOf = (dataDir: string) => `${dataDir}.restoring`;
const previousOf = (dataDir: string) => `${dataDir}.before-restore`;

interface Journal { backup: string; state: 'staging' | 'swapping' | 'swapped' }

const writeJournal = (dataDir: string, journal: Journal) => writeFile(journalOf(dataDir), JSON.stringify(journal));

/** Unpacks the snapshot into a staging folder next to the live one (the live data is untouched). */
export async function stagePgliteFolder(dataDir: string, snapshot: Blob, backup: string): Promise<void> {
  const staged = stagedOf(dataDir);
  await rm(staged, { recursive: true, force: true });
  await writeJournal(dataDir, { backup, state: 'staging' });
  const lite = await PGlite.create({ dataDir: staged, loadDataDir: snapshot, extensions: { pg_trgm } });
  // Everyone signs in again, even if the process dies before the restore has finished.
  await lite.query('delete from sessions');
  await lite.close();
}

/** Swaps the staged folder in; the caller has closed the live database. */
export async function swapPgliteFolder(dataDir: string, backup: string): Promise<void> {
  await rm(previousOf(dataDir), { recursive: true, force: true });
  await writeJournal(dataDir, { backup, state: 'swapping' });
  await rename(dataDir, previousOf(dataDir));
  await rename(stagedOf(dataDir), dataDir);
  await writeJournal(dataDir, { backup, state: 'swapped' });
}

/** Called once the restored data is migrated and open: the journal and the old folder go. */
export async function finishPgliteSwap(dataDir: string): Promise<void> {
  await rm(journalOf(dataDir), { force: true });
  await rm(previousOf(dataDir), { recursive: true, force: true });
}

/** Whether an embedded database is in the folder, or a restore's swap that the next open finishes. */
export function pgliteDataExists(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION')) || existsSync(journalOf(dataDir));
}

/**
 * At start, before the database opens: finishes or undoes an interrupted restore and says which.
 * Returns the sentence to log, or null when no restore was interrupted.
 */
export async function recoverPgliteSwap(dataDir: string): Promise<string | null> {
  const file = journalOf(dataDir);
  if (!existsSync(file)) return null;
  const journal = JSON.parse(await readFile(file, 'utf8')) as Journal;
  let message: string;
  if (journal.state === 'swapped' || (journal.state === 'swapping' && !existsSync(stagedOf(dataDir)) && existsSync(dataDir))) {
    message = `The restore of ${journal.backup} was interrupted after its data was in place: the restored data is used.`;
  } else {
    if (!existsSync(dataDir) && existsSync(previousOf(dataDir))) await rename(previousOf(dataDir), dataDir);
    message = `The restore of ${journal.backup} was interrupted before its data was in place: the data from before the restore is used, unchanged.`;
  }
  await rm(stagedOf(dataDir), { recursive: true, force: true });
  await finishPgliteSwap(dataDir);
  return message;
}
