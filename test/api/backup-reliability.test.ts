import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, confirmationDate } from '../../src/core/backups.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { recoverPgliteSwap } from '../../src/server/features/backups/pglite-engine.ts';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { builtArgs } from '../helpers/server-process.ts';

const BACKUP_DIR = mkdtempSync(path.join(tmpdir(), 'casebook-reliability-'));
let t: TestApp;
let agents: Agent[];
let adminId: string;
beforeAll(async () => {
  t = await createTestApp({ BACKUP_DIR, TZ: 'UTC' });
  const admin = await t.user('admin');
  adminId = admin.id;
  const one = await t.signIn(admin.email);
  agents = Array.from({ length: 20 }, () => one);
});
afterAll(async () => t?.close());

describe('backups while people work', () => {
  it('a backup taken while 20 clients write restores whole: every writer a gap-free prefix, every row with its audit row', async () => {
    const { projectId } = await makeProject(t.database.db, adminId);
    let writing = true;
    const writers = agents.map(async (agent, w) => {
      for (let i = 1; writing || i <= 3; i++) {
        const res = await agent.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, adminId, { shortDescription: `w${w}-${i}` }) });
        expect(res.statusCode).toBe(201);
        // Like a request arriving on a socket: the event loop turns between requests (inject
        // alone chains them as promises, which would starve the file writes of the backup).
        await new Promise((r) => setImmediate(r));
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    const backup = await t.app.backups.backup('manual');
    writing = false;
    await Promise.all(writers);

    const { done } = await t.app.backups.restore(path.join(BACKUP_DIR, backup.name!), confirmationDate(backup.createdAt, 'UTC'));
    await done;
    const db = t.database.db;
    const titles = (await db.selectFrom('action_items').select('title').where('project_id', '=', projectId).execute()).map((r) => r.title);
    expect(titles.length).toBeGreaterThan(0);
    for (let w = 0; w < 20; w++) {
      const seq = titles.filter((x) => x.startsWith(`w${w}-`)).map((x) => Number(x.split('-')[1])).sort((a, b) => a - b);
      expect(seq).toEqual(seq.map((_, i) => i + 1));
    }
    // Every item has its audit row and every audited insert its item: no transaction torn.
    const ids = new Set((await db.selectFrom('action_items').select('id').execute()).map((r) => r.id));
    const inserted = new Set((await db.selectFrom('audit_log').select('row_id').where('table_name', '=', 'action_items').where('action', '=', 'insert').execute()).map((r) => r.row_id));
    const deleted = new Set((await db.selectFrom('audit_log').select('row_id').where('table_name', '=', 'action_items').where('action', '=', 'delete').execute()).map((r) => r.row_id));
    expect([...ids].filter((id) => !inserted.has(id))).toEqual([]);
    expect([...inserted].filter((id) => !ids.has(id) && !deleted.has(id))).toEqual([]);
  }, 180_000);

  it('during maintenance every write and read is refused with the maintenance message; the status answers', async () => {
    const agent = agents[0]!;
    const maintenance = t.app.backups.maintenance!;
    await maintenance.begin();
    try {
      const res = await agent.request({ method: 'POST', url: '/api/action-items', payload: {} });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({ message: BACKUP_MESSAGES.maintenance, details: { maintenance: true } });
      expect((await agent.request({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: '/api/maintenance' })).json()).toEqual({ maintenance: true });
    } finally {
      await maintenance.end();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/maintenance' })).json()).toEqual({ maintenance: false });
  });
});

describe('a restore killed half-way (embedded database)', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const cli = (args: string[], dataDir: string) => spawn(process.execPath, [...builtArgs('cli/backup.ts'), ...args], {
    cwd: root, env: { ...process.env, DATA_DIR: dataDir, DEMO: 'false', NODE_ENV: 'test', BACKUP_DIR: path.join(dataDir, 'backups') }, stdio: 'pipe',
  });
  const finished = (child: ReturnType<typeof cli>) => new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.on('close', () => resolve(out));
  });

  it.each([2500, 6000])('killed after %i ms: the next start has either the old data or the new, and says which', async (afterMs) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-kill-'));
    const pgliteDir = path.join(dataDir, 'pglite');
    const first = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    await migrate(first.db);
    await first.close();
    const file = (await finished(cli(['backup'], dataDir))).trim().split('\n').at(-1)!.split(/\s+/)[0]!;
    expect(file).toMatch(/\.backup$/);
    const second = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    await second.db.insertInto('error_logs').values({ code: 'MARK', message: 'after the backup', severity: 'info' }).execute();
    await second.close();

    const restore = cli(['restore', file], dataDir);
    // Listened to from the start: a restore that ends before the kill has already closed.
    const ended = finished(restore);
    await new Promise((r) => setTimeout(r, afterMs));
    restore.kill('SIGKILL');
    await ended;

    const note = await recoverPgliteSwap(pgliteDir);
    const reopened = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    const marks = await reopened.db.selectFrom('error_logs').select('code').where('code', '=', 'MARK').execute();
    await reopened.close();
    if (marks.length === 1) {
      expect(note === null || /before its data was in place/.test(note)).toBe(true);
    } else {
      expect(marks).toEqual([]);
      expect(note === null || /restored data is used/.test(note)).toBe(true);
    }
  }, 120_000);
});
