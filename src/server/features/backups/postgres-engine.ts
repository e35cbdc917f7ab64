import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { BACKUP_MESSAGES } from '../../../core/backups.ts';
import { AppError } from '../../http/app-error.ts';

/** Runs a PostgreSQL client tool; ENOENT becomes the "install the client tools" message. */
function run(command: string, args: string[], stdin: 'pipe' | 'ignore' = 'ignore'): ChildProcess {
  return spawn(command, args, { stdio: [stdin, 'pipe', 'pipe'] });
}

function finished(child: ChildProcess, name: string): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4000); });
  return new Promise((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new AppError('SERVICE_UNAVAILABLE', BACKUP_MESSAGES.noClientTools) : error);
    });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/**
 * pg_dump's custom format from one MVCC snapshot: consistent, and writers are never blocked
 * (it takes only ACCESS SHARE locks). `sink` receives the bytes.
 */
export async function pgDump(url: string, sink: (chunk: Buffer) => void): Promise<void> {
  const child = run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', '--dbname', url]);
  child.stdout!.on('data', sink);
  await finished(child, 'pg_dump');
}

/** Lists the archive's contents: fails on anything pg_restore cannot read. */
export async function pgRestoreList(payload: Readable): Promise<string> {
  const child = run('pg_restore', ['--list'], 'pipe');
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  payload.pipe(child.stdin as Writable).on('error', () => undefined);
  await finished(child, 'pg_restore --list');
  return out;
}

/**
 * Replaces the whole public schema with the archive in ONE transaction: psql reads BEGIN, the
 * schema drop, pg_restore's script, then `finish` and COMMIT. COMMIT is written only after
 * pg_restore has succeeded, so a failure or a killed process (psql sees end of input without
 * COMMIT and disconnects) rolls everything back: the old data stays, whole.
 */
export async function pgRestoreReplacing(url: string, payload: Readable, finish: string): Promise<void> {
  const psql = run('psql', ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1', '--dbname', url], 'pipe');
  const psqlDone = finished(psql, 'psql');
  const input = psql.stdin as Writable;
  input.on('error', () => undefined);
  input.write('BEGIN;\nDROP SCHEMA public CASCADE;\nCREATE SCHEMA public;\n');
  const restore = run('pg_restore', ['--file=-', '--no-owner', '--no-acl'], 'pipe');
  const restoreDone = finished(restore, 'pg_restore');
  payload.pipe(restore.stdin as Writable).on('error', () => undefined);
  restore.stdout!.pipe(input, { end: false });
  try {
    await restoreDone;
    await new Promise<void>((resolve) => (restore.stdout!.readableEnded ? resolve() : restore.stdout!.once('end', resolve)));
  } catch (error) {
    input.end(); // no COMMIT: psql rolls back
    await psqlDone.catch(() => undefined);
    throw error;
  }
  input.end(`\n${finish}\nCOMMIT;\n`);
  await psqlDone;
}
