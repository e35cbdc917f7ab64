// Issue 22: no file sent as a backup stops the process. 100 KB of random bytes with a hand-made
// trailer passed the upload, then the restore's trial load let a zlib Z_DATA_ERROR escape as an
// unhandled rejection and the process exited a second after answering 400.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, confirmationDate } from '../../src/core/backups.ts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts.ts';
import { readManifest, trailerFor, type Manifest } from '../../src/server/features/backups/archive.ts';
import { killServers, PROCESS_CEILING, startServer } from '../helpers/server-process.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-database.ts';

const BACKUP_DIR = mkdtempSync(path.join(tmpdir(), 'casebook-refusals-'));
const TZ = 'UTC';
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
let t: TestApp;
let superAdmin: Agent;
let real: Buffer;
let realManifest: Manifest;

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  t = await createTestApp({ BACKUP_DIR, TZ });
  superAdmin = await t.signIn((await t.user('super_admin')).email);
  await t.database.db.insertInto('error_logs').values({ code: 'MARK', message: 'the data in place', severity: 'info' }).execute();
  // Data that does not compress: the middle of the dump is table data (on PostgreSQL a byte changed
  // in the table of contents' DDL text can still make a valid archive; a data block has a checksum).
  await t.database.db.insertInto('error_logs').values({ code: 'BULK', message: randomBytes(1_200_000).toString('base64'), severity: 'info' }).execute();
  const backup = await t.app.backups.backup('manual');
  real = await readFile(path.join(BACKUP_DIR, backup.name!));
  realManifest = await readManifest(path.join(BACKUP_DIR, backup.name!));
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await t?.close();
});

/** A trailer that matches whatever precedes it: the attacker's way past the checksum. */
function withTrailer(payload: Buffer): Buffer {
  const manifest: Manifest = {
    ...realManifest, payloadBytes: payload.length, sha256: createHash('sha256').update(payload).digest('hex'),
  };
  return Buffer.concat([payload, trailerFor(manifest)]);
}
const payloadOf = (file: Buffer) => file.subarray(0, realManifest.payloadBytes);
const flipped = (bytes: Buffer, at: number) => {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0x5a;
  return copy;
};

const notABackup = [BACKUP_MESSAGES.notABackup];
const damaged = [BACKUP_MESSAGES.notABackup, BACKUP_MESSAGES.doesNotLoad];
const CASES: Array<[string, () => Buffer, readonly string[]]> = [
  ['100 KB of random bytes with a hand-made trailer', () => withTrailer(randomBytes(100_000)), notABackup],
  ['random bytes behind a gzip header, with a hand-made trailer', () => withTrailer(Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]), randomBytes(100_000)])), notABackup],
  ['a valid gzip of random bytes (not a tar), with a hand-made trailer', () => withTrailer(gzipSync(randomBytes(100_000))), notABackup],
  ['random bytes', () => randomBytes(100_000), notABackup],
  ['a real backup cut at 10%', () => real.subarray(0, Math.floor(real.length * 0.1)), notABackup],
  ['a real backup cut at 50%', () => real.subarray(0, Math.floor(real.length * 0.5)), notABackup],
  ['a real backup cut one byte short', () => real.subarray(0, real.length - 1), notABackup],
  ['a real dump cut at 30%, with a hand-made trailer', () => withTrailer(payloadOf(real).subarray(0, Math.floor(realManifest.payloadBytes * 0.3))), damaged],
  ['a real dump cut at 99%, with a hand-made trailer', () => withTrailer(payloadOf(real).subarray(0, Math.floor(realManifest.payloadBytes * 0.99))), damaged],
  ['a real backup with a byte changed in the middle', () => flipped(real, Math.floor(realManifest.payloadBytes / 2)), [BACKUP_MESSAGES.incomplete]],
  ['a real dump with a byte changed in the middle, with a hand-made trailer', () => withTrailer(flipped(payloadOf(real), Math.floor(realManifest.payloadBytes / 2))), damaged],
];

const names = async () => (await readdir(BACKUP_DIR)).sort();
const marks = async () => (await t.database.db.selectFrom('error_logs').select('code').where('code', '=', 'MARK').execute()).length;

describe('files that are not Casebook backups', () => {
  it.each(CASES)('upload: %s → 400, no file left, nothing listed', async (_label, bytes, messages) => {
    const before = await names();
    const res = await superAdmin.request({ method: 'POST', url: '/api/backups/upload', payload: bytes(), headers: { 'content-type': 'application/octet-stream' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(messages).toContain(res.json().error.message);
    expect(await names()).toEqual(before);
  });

  it.each(CASES)('restore: %s → 400, the data and the backups unchanged', async (_label, bytes, messages) => {
    // Placed in the folder by hand (an upload refuses it): the restore's own verification must hold.
    const name = `casebook-20000101-${String(CASES.findIndex(([l]) => l === _label)).padStart(6, '0')}-manual.backup`;
    await writeFile(path.join(BACKUP_DIR, name), bytes());
    const before = await names();
    // The right date (the hand-made trailers carry the real backup's): the confirmation passes, the verification must refuse.
    const res = await superAdmin.request({ method: 'POST', url: `/api/backups/${name}/restore`, payload: { confirmation: confirmationDate(realManifest.createdAt, TZ) } });
    expect(res.statusCode, res.body).toBe(400);
    expect(messages).toContain(res.json().error.message);
    expect(await names()).toEqual(before); // no pre-restore backup: nothing was started
    expect(t.app.backups.maintenance?.active ?? false).toBe(false);
    expect(await marks()).toBe(1);
  });

  it('no promise was left rejected: the process would have stopped', async () => {
    // The crash came about a second after the 400; give every stray callback time to run.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(rejections.map((r) => String((r as Error)?.message ?? r))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a real backup still uploads and verifies', async () => {
    const res = await superAdmin.request({ method: 'POST', url: '/api/backups/upload', payload: real, headers: { 'content-type': 'application/octet-stream' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sha256: realManifest.sha256, status: 'completed', uploaded: { by: 'Test super_admin' } });
  });
});

describe.skipIf(testDbKind() !== 'pglite')('the real process (npm start)', () => {
  afterAll(killServers);

  it('answers 400 to a hand-made backup by upload and by restore, and is still answering 5 s later', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-refusals-start-'));
    // Waits for the banner however long the migrations and the demo data take: the test's ceiling catches a hang.
    const server = startServer({ DATA_DIR: dataDir, TZ: 'UTC' });
    const url = await server.ready;

    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }) });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const csrf = cookies.find((c) => c.startsWith('csrf-token='))!.split('=')[1]!;
    const headers = { cookie: cookies.join('; '), 'x-csrf-token': csrf };
    const handMade = withTrailer(randomBytes(100_000));

    const upload = await fetch(`${url}/api/backups/upload`, { method: 'POST', headers: { ...headers, 'content-type': 'application/octet-stream' }, body: new Uint8Array(handMade) });
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { error: { message: string } }).error.message).toBe(BACKUP_MESSAGES.notABackup);

    const name = 'casebook-20000101-000000-manual.backup';
    await writeFile(path.join(dataDir, 'backups', name), handMade);
    const restore = await fetch(`${url}/api/backups/${name}/restore`, {
      method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ confirmation: confirmationDate(realManifest.createdAt, 'UTC') }),
    });
    expect(restore.status).toBe(400);
    expect(((await restore.json()) as { error: { message: string } }).error.message).toBe(BACKUP_MESSAGES.notABackup);

    // The process used to exit about a second after the restore's 400.
    const stillRunning = await Promise.race([server.exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 5000))]);
    expect(stillRunning, server.output()).toBe(true);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(await readdir(path.join(dataDir, 'backups'))).toEqual([name]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, PROCESS_CEILING);
});
