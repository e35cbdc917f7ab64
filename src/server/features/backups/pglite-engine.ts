import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { BACKUP_MESSAGES } from '../../../core/backups.ts';
import { AppError } from '../../http/app-error.ts';

/** Loads a data-folder snapshot into a throw-away in-memory PGlite: proof that it loads. */
export async function verifyPgliteSnapshot(snapshot: Blob): Promise<void> {
  let lite: PGlite | undefined;
  try {
    lite = await PGlite.create({ loadDataDir: snapshot, extensions: { pg_trgm } });
    await lite.query('select count(*) from schema_migrations');
    await lite.query('select count(*) from audit_log');
  } catch {
    throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.doesNotLoad);
  } finally {
    await lite?.close().catch(() => undefined);
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
