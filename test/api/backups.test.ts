import { mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, confirmationDate } from '../../src/core/backups.ts';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-database.ts';

const BACKUP_DIR = mkdtempSync(path.join(tmpdir(), 'casebook-backups-'));
const TZ = 'America/New_York';
let t: TestApp;
// Admins see the list and start backups; only super admins download, upload and restore (issue 22).
let admin: Agent;
let superAdmin: Agent;
let adminId: string;
let superAdminEmail: string;
let adminEmail: string;
beforeAll(async () => {
  t = await createTestApp({ BACKUP_DIR, TZ });
  const user = await t.user('admin');
  adminId = user.id;
  adminEmail = user.email;
  admin = await t.signIn(user.email);
  superAdminEmail = (await t.user('super_admin')).email;
  superAdmin = await t.signIn(superAdminEmail);
});
afterAll(async () => t?.close());

type Listed = { backups: Array<{ startedBy: string | null; name: string | null; size: number; createdAt: string; kind: string; sha256: string; appVersion: string; status: string; trigger: string; uploaded: { by: string | null; at: string } | null }>; activity: { finishedAt: string | null; error: string | null } | null };
const list = async () => (await admin.request({ method: 'GET', url: '/api/backups' })).json() as Listed;

async function settled(): Promise<Listed> {
  for (let i = 0; i < 600; i++) {
    const state = await list();
    if (state.activity?.finishedAt) return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('backup or restore did not finish');
}

async function backUpNow() {
  const res = await admin.request({ method: 'POST', url: '/api/backups' });
  expect(res.statusCode).toBe(202);
  const state = await settled();
  expect(state.activity?.error).toBeNull();
  return state.backups.find((b) => b.status === 'completed' && b.trigger === 'manual')!;
}

describe('backups', () => {
  it('backs up, and a restore brings the old value back with its audit log; everyone signs in again', async () => {
    const { projectId } = await makeProject(t.database.db, adminId);
    const item = (await admin.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, adminId) })).json();
    const backup = await backUpNow();
    expect(backup).toMatchObject({ kind: t.database.kind, appVersion: '0.1.0' });
    expect(backup.size).toBeGreaterThan(1000);
    expect(backup.sha256).toMatch(/^[0-9a-f]{64}$/);
    // It names the person who started it (issue 28), as the screens name them.
    const names = await t.database.db.selectFrom('profiles').select(['id', 'display_name']).execute();
    const nameOf = (id: string) => names.find((n) => n.id === id)!.display_name;
    expect(backup.startedBy).toBe(nameOf(adminId));

    await admin.request({ method: 'PATCH', url: `/api/action-items/${item.id}`, payload: { version: item.version, shortDescription: 'Changed after the backup' } });
    const auditAfter = await t.database.db.selectFrom('audit_log').select('id').where('row_id', '=', item.id).execute();
    expect(auditAfter).toHaveLength(2);

    const wrong = await superAdmin.request({ method: 'POST', url: `/api/backups/${backup.name}/restore`, payload: { confirmation: '01/01/2000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(BACKUP_MESSAGES.wrongConfirmation);

    const started = await superAdmin.request({ method: 'POST', url: `/api/backups/${backup.name}/restore`, payload: { confirmation: confirmationDate(backup.createdAt, TZ) } });
    expect(started.statusCode, started.body).toBe(202);
    const state = await waitForRestore();
    expect(state.error).toBeNull();

    const row = await t.database.db.selectFrom('action_items').select('title').where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(row.title).toBe('Site visit');
    expect(await t.database.db.selectFrom('audit_log').select('id').where('row_id', '=', item.id).execute()).toHaveLength(1);
    expect((await admin.request({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
    expect((await superAdmin.request({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
    admin = await t.signIn(adminEmail);
    superAdmin = await t.signIn(superAdminEmail);
    // The data replaced was backed up first.
    // The data replaced was backed up first, naming the super admin who restored.
    const superAdminName = (await t.database.db.selectFrom('profiles').select('display_name').where('email', '=', superAdminEmail).executeTakeFirstOrThrow()).display_name;
    expect((await list()).backups.find((b) => b.trigger === 'pre-restore' && b.status === 'completed')?.startedBy).toBe(superAdminName);
    // The restored backup still names its starter: the name travels in the file.
    expect((await list()).backups.find((b) => b.name === backup.name)?.startedBy).toBe(backup.startedBy);
  }, 120_000);

  it('downloads a backup and accepts it back as an upload, labelled with who uploaded it and when', async () => {
    const backup = await backUpNow();
    expect(backup.uploaded).toBeNull();
    const download = await superAdmin.request({ method: 'GET', url: `/api/backups/${backup.name}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(backup.size);
    const before = Date.now();
    const upload = await superAdmin.request({ method: 'POST', url: '/api/backups/upload', payload: download.rawPayload, headers: { 'content-type': 'application/octet-stream' } });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toMatchObject({ sha256: backup.sha256, status: 'completed', createdAt: backup.createdAt, uploaded: { by: 'Test super_admin' } });
    expect(upload.json().name).toMatch(/-uploaded(-\d+)?\.backup$/);
    expect(Date.parse(upload.json().uploaded.at)).toBeGreaterThanOrEqual(before - 1000);
    // The label is in the file: the list shows it too, and the file still verifies (same dump, same checksum).
    expect((await list()).backups.find((b) => b.name === upload.json().name)?.uploaded).toEqual(upload.json().uploaded);
    await expect(t.app.backups.verify(path.join(BACKUP_DIR, upload.json().name))).resolves.toMatchObject({ sha256: backup.sha256 });
  });

  it('admins see the list and start a backup; downloading, uploading and restoring are for super admins (403)', async () => {
    const backup = await backUpNow();
    for (const [method, url, payload] of [
      ['GET', `/api/backups/${backup.name}/download`, undefined],
      ['POST', '/api/backups/upload', Buffer.from('x')],
      ['POST', `/api/backups/${backup.name}/restore`, { confirmation: confirmationDate(backup.createdAt, TZ) }],
    ] as const) {
      const res = await admin.request({ method, url, payload, headers: payload instanceof Buffer ? { 'content-type': 'application/octet-stream' } : {} });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await admin.request({ method: 'GET', url: '/api/backups' })).statusCode).toBe(200);
    expect(t.app.backups.maintenance?.active ?? false).toBe(false);
    expect(t.app.backups.activity?.kind).toBe('backup'); // no restore was started
  });

  it.each([
    ['random bytes', () => randomBytes(50_000), BACKUP_MESSAGES.notABackup],
    ['an empty file', () => Buffer.alloc(0), BACKUP_MESSAGES.notABackup],
  ])('refuses %s and changes nothing', async (_label, bytes, message) => {
    const before = (await list()).backups.length;
    const res = await superAdmin.request({ method: 'POST', url: '/api/backups/upload', payload: bytes(), headers: { 'content-type': 'application/octet-stream' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await list()).backups.length).toBe(before);
  });

  it('refuses a truncated backup and a file whose dump was altered', async () => {
    const backup = await backUpNow();
    const whole = await readFile(path.join(BACKUP_DIR, backup.name!));
    const cut = await superAdmin.request({ method: 'POST', url: '/api/backups/upload', payload: whole.subarray(0, Math.floor(whole.length / 2)), headers: { 'content-type': 'application/octet-stream' } });
    expect(cut.json().error.message).toBe(BACKUP_MESSAGES.notABackup);
    const altered = Buffer.from(whole);
    altered[100] = altered[100]! ^ 0xff;
    const res = await superAdmin.request({ method: 'POST', url: '/api/backups/upload', payload: altered, headers: { 'content-type': 'application/octet-stream' } });
    expect(res.json().error.message).toBe(BACKUP_MESSAGES.incomplete);
    // A damaged file placed in the folder by hand is not listed, so it cannot be restored.
    await writeFile(path.join(BACKUP_DIR, 'casebook-20000101-000000-manual.backup'), altered.subarray(0, 500));
    expect((await list()).backups.map((b) => b.name)).not.toContain('casebook-20000101-000000-manual.backup');
  });

  it('a scheduled run keeps the newest BACKUP_KEEP scheduled backups', async () => {
    for (let i = 0; i < 9; i++) await t.app.backups.scheduledBackup(7);
    const scheduled = (await list()).backups.filter((b) => b.trigger === 'scheduled');
    expect(scheduled).toHaveLength(7);
    expect(scheduled.every((b) => b.startedBy === null)).toBe(true); // the screen says 'Daily schedule'
  }, 120_000);

  it.skipIf(testDbKind() !== 'postgres')('without the PostgreSQL client tools a backup fails saying what to install; the failure is listed until a backup succeeds', async () => {
    const path0 = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(t.app.backups.backup('manual')).rejects.toThrow(BACKUP_MESSAGES.noClientTools);
    } finally {
      process.env.PATH = path0;
    }
    // The list (and the admins' dashboard notice, which reads it) shows the failed run first.
    expect((await list()).backups[0]).toMatchObject({ status: 'failed', error: BACKUP_MESSAGES.noClientTools });
    await backUpNow();
    expect((await list()).backups.every((b) => b.status === 'completed')).toBe(true);
  });

  it('a limited user gets 403 on every backup route', async () => {
    const limited = await t.signIn((await t.user('limited_user')).email);
    const name = 'casebook-20261123-000000-manual.backup';
    for (const [method, url] of [['GET', '/api/backups'], ['POST', '/api/backups'], ['GET', `/api/backups/${name}/download`],
      ['POST', '/api/backups/upload'], ['POST', `/api/backups/${name}/restore`]] as const) {
      expect((await limited.request({ method, url, payload: {} })).statusCode, url).toBe(403);
    }
  });

  it('migrations the backup lacks are applied after the restore', async () => {
    // A backup from before 002: its function and indexes gone, and not recorded as applied.
    const db = t.database.db;
    await sql`drop function search_bigrams(text, text) cascade`.execute(db);
    await sql`delete from schema_migrations where name = '002_short_search.sql'`.execute(db);
    const backup = await t.app.backups.backup('manual');
    await (await t.app.backups.restore(path.join(BACKUP_DIR, backup.name!), confirmationDate(backup.createdAt, TZ))).done;
    expect((await sql`select name from schema_migrations where name = '002_short_search.sql'`.execute(db)).rows).toHaveLength(1);
    const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where indexname in ('cases_search_bigrams', 'clients_search_bigrams')`.execute(db);
    expect(rows).toHaveLength(2);
  }, 120_000);
});

async function waitForRestore() {
  for (let i = 0; i < 600; i++) {
    const activity = t.app.backups.activity;
    if (activity?.kind === 'restore' && activity.finishedAt) return activity;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('restore did not finish');
}
