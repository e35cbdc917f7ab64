// What the operators' commands (user:create, backup, restore) share (docs/decisions/154): every
// failure is one line on stderr and exit code 1, never a stack trace; the database opens as the
// app opens it, and a data folder held by the running app says what to do instead.
import path from 'node:path';
import { openDatabaseFromEnv } from '../database-from-env.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { MigrationChangedError } from '../db/migrate.ts';
import { EnvError, type Env } from '../env.ts';

/** A failure whose message is already the sentence to print. */
export class CommandError extends Error {}

/** One line saying what went wrong, whatever was thrown. */
export function oneLine(error: unknown): string {
  // pg reports a refused connection as an AggregateError (IPv6 and IPv4) with an empty message.
  if (error instanceof AggregateError && error.errors.length) return oneLine(error.errors[0]);
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  const text = (typeof message === 'string' && message.trim()) || (typeof code === 'string' && code) || String(error);
  // The configuration's report lists one variable a line: "Invalid configuration: A: …; B: …".
  const [first = '', ...rest] = text.split('\n').map((line) => line.trim()).filter(Boolean);
  return error instanceof EnvError ? `${first} ${rest.join('; ')}` : [first, ...rest].join(' ');
}

/** Runs a command: exit 0 when it ends, else its one line and exit 1. */
export async function runCommand(body: () => Promise<void>): Promise<never> {
  try {
    await body();
  } catch (error) {
    console.error(oneLine(error));
    process.exit(1);
  }
  process.exit(0);
}

/** Where the database is, for messages: PostgreSQL's host and name (never the password), or the folder. */
export function databaseName(env: Env): string {
  if (!env.DATABASE_URL) return `the embedded database in ${path.resolve(env.DATA_DIR)}`;
  try {
    const url = new URL(env.DATABASE_URL);
    return `the PostgreSQL database ${url.pathname.slice(1) || '(default)'} on ${url.host || 'localhost'} (DATABASE_URL)`;
  } catch {
    return 'the PostgreSQL database of DATABASE_URL';
  }
}

/**
 * Opens and migrates the configured database as the app does. `whileRunning` finishes the sentence
 * said when the running app holds the embedded database's folder (one process at a time opens it).
 */
export async function openDatabaseForCommand(env: Env, whileRunning: string): Promise<DatabaseHandle> {
  try {
    const { database, migrated } = await openDatabaseFromEnv(env);
    await migrated;
    return database;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      const owner = error.owner ? ` (pid ${error.owner})` : '';
      throw new CommandError(`Casebook is running on ${databaseName(env)}${owner}, and only one process at a time opens it: ${whileRunning}`);
    }
    if (error instanceof MigrationChangedError) throw error;
    throw new CommandError(`Could not open ${databaseName(env)}: ${oneLine(error)}`);
  }
}
