import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import type { Env } from './env.ts';
import { restoreUnderWay } from './http/maintenance.ts';
import { pgliteDataExists, recoverPgliteSwap } from './features/backups/pglite-engine.ts';
import { parseTokenKey } from './integrations/google/token-cipher.ts';

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and
 * migrates it. While another instance restores a backup into the same PostgreSQL, the migrations
 * wait for the end of the restore (`migrated`), so the app can start and say "maintenance" meanwhile.
 */
export async function openDatabaseFromEnv(env: Env): Promise<{ database: DatabaseHandle; migrated: Promise<void>; restoring: boolean }> {
  const pgliteDir = path.join(env.DATA_DIR, 'pglite');
  if (!env.DATABASE_URL) {
    // A restore killed half-way is finished or undone before anything opens the folder.
    const note = await recoverPgliteSwap(pgliteDir);
    if (note) console.warn(note);
  }
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, timeZone: env.TZ })
    : await openDatabase({ kind: 'pglite', dataDir: pgliteDir, timeZone: env.TZ });
  const restoring = await restoreUnderWay(database);
  if (restoring) console.warn('A backup is being restored into this database: the app starts in maintenance mode until it has finished.');
  const migrated = (async () => {
    while (await restoreUnderWay(database)) await new Promise((resolve) => setTimeout(resolve, RESTORE_POLL_MS));
    await migrate(database.db);
  })().catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  if (!restoring) await migrated;
  return { database, migrated, restoring };
}

const RESTORE_POLL_MS = 1_000;

/** Whether DATA_DIR already holds the embedded database (the commands never make one in production unasked). */
export const embeddedDatabaseExists = (env: Env) => pgliteDataExists(path.join(env.DATA_DIR, 'pglite'));

/**
 * The session secret: SESSION_SECRET, else (outside production) one generated once and
 * kept in the data folder, so sessions survive restarts.
 */
export async function sessionSecretFromEnv(env: Env): Promise<string> {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.DATA_DIR, 'session-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('hex');
  await mkdir(env.DATA_DIR, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The key sealing the calendar tokens: TOKEN_ENCRYPTION_KEY, else one generated once and kept in
 * the data folder (like the session secret). Instances sharing PostgreSQL must set the variable.
 */
export async function tokenKeyFromEnv(env: Env): Promise<Buffer> {
  if (env.TOKEN_ENCRYPTION_KEY) return parseTokenKey(env.TOKEN_ENCRYPTION_KEY);
  const file = path.join(env.DATA_DIR, 'token-key');
  const existing = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (/^[0-9a-f]{64}$/.test(existing)) return Buffer.from(existing, 'hex');
  const key = randomBytes(32);
  await mkdir(env.DATA_DIR, { recursive: true });
  await writeFile(file, key.toString('hex'), { mode: 0o600 });
  return key;
}
