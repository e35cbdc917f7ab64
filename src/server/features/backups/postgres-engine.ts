import { spawn, type ChildProcess } from 'node:child_process';
import { open } from 'node:fs/promises';
import { devNull } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { BACKUP_MESSAGES } from '../../../core/backups.ts';
import { AppError } from '../../errors/app-error.ts';
import { payloadStream, type Manifest } from './archive.ts';

/** Runs a PostgreSQL client tool; ENOENT becomes the "install the client tools" message. */
function run(command: string, args: string[], stdin: 'pipe' | 'ignore' = 'ignore', env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(command, args, { stdio: [stdin, 'pipe', 'pipe'], env });
}

/**
 * @public
 * `--dbname` and the environment for a client tool: the URL's password goes in PGPASSWORD, never on the command line,
 * where any local user reads it (`ps`, /proc/<pid>/cmdline) while a backup runs (docs/decisions/222).
 */
export function clientConnection(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { args: ['--dbname', url], env: process.env };
  }
  if (!parsed.password) return { args: ['--dbname', url], env: process.env };
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { args: ['--dbname', parsed.toString()], env: { ...process.env, PGPASSWORD: password } };
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
  const connection = clientConnection(url);
  const child = run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', ...connection.args], 'ignore', connection.env);
  child.stdout!.on('data', sink);
  await finished(child, 'pg_dump');
}

/** Lists the archive's contents: fails on anything pg_restore cannot read. */
async function pgRestoreList(payload: Readable): Promise<string> {
  const child = run('pg_restore', ['--list'], 'pipe');
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  payload.pipe(child.stdin as Writable).on('error', () => undefined);
  await finished(child, 'pg_restore --list');
  return out;
}

/** Reads the whole archive as a restore would, every data block decompressed, writing nothing. */
async function pgRestoreReadAll(payload: Readable): Promise<void> {
  const child = run('pg_restore', [`--file=${devNull}`], 'pipe');
  child.stdout!.resume();
  payload.pipe(child.stdin as Writable).on('error', () => undefined);
  await finished(child, 'pg_restore');
}

/**
 * pg_dump's custom format starts "PGDMP", the format's version (1.x), the sizes of an int and an
 * offset, and the format (1: custom). Checked here before pg_restore sees the file.
 */
async function checkHeader(file: string, payloadBytes: number): Promise<void> {
  const head = Buffer.alloc(11);
  const handle = await open(file, 'r');
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const ok = payloadBytes > head.length && head.toString('latin1', 0, 5) === 'PGDMP' && head[5] === 1
    && head[8]! >= 2 && head[8]! <= 8 && head[9]! >= 4 && head[9]! <= 8 && head[10] === 1;
  if (!ok) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.notABackup);
}

/**
 * The whole check of a pg_dump archive, each step only on what passed the one before: its
 * header; its table of contents (schema_migrations and audit_log, every Casebook database has
 * them); every data block read through. pg_restore runs as a child process, so nothing it meets
 * can stop this one; its failures are the catalogue's 400.
 */
export async function verifyPgDump(file: string, manifest: Manifest): Promise<void> {
  await checkHeader(file, manifest.payloadBytes);
  const doesNotLoad = (error: unknown): never => {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.doesNotLoad);
  };
  const toc = await pgRestoreList(payloadStream(file, manifest)).catch(doesNotLoad);
  if (!/TABLE public schema_migrations/.test(toc) || !/TABLE public audit_log/.test(toc)) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.notABackup);
  await pgRestoreReadAll(payloadStream(file, manifest)).catch(doesNotLoad);
}

/**
 * Replaces the whole public schema with the archive in ONE transaction: psql reads BEGIN, the
 * schema drop, pg_restore's script, then `finish` and COMMIT. COMMIT is written only after
 * pg_restore has succeeded, so a failure or a killed process (psql sees end of input without
 * COMMIT and disconnects) rolls everything back: the old data stays, whole.
 */
export async function pgRestoreReplacing(url: string, payload: Readable, finish: string): Promise<void> {
  const connection = clientConnection(url);
  const psql = run('psql', ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1', ...connection.args], 'pipe', connection.env);
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
