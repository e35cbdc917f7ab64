import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../src/core/constants.ts';
import { BACKUP_MESSAGES, confirmationDate } from '../../src/core/backups.ts';
import { buildApp } from '../../src/server/app.ts';
import { openDatabaseFromEnv } from '../../src/server/database-from-env.ts';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { loadEnv } from '../../src/server/env.ts';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-database.ts';

// Issue 12: a restore on one instance puts every instance sharing the PostgreSQL database into
// maintenance, including one that starts in the middle of the restore (docs/decisions/190).
const SECRET = 'test-secret-'.padEnd(40, 'x');
const BACKUP_DIR = mkdtempSync(path.join(tmpdir(), 'casebook-instances-'));
let a: TestApp;
let admin: Agent;
let adminId: string;
const started: Array<{ app: FastifyInstance; database: DatabaseHandle }> = [];

/** Another instance on the same database, started the way main.ts starts one. */
async function startInstance() {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: a.database.url!, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'casebook-b-')), BACKUP_DIR });
  const { database, migrated } = await openDatabaseFromEnv(env);
  const app = await buildApp({ database, env, sessionSecret: SECRET });
  await app.ready();
  started.push({ app, database });
  return { app, migrated };
}

const inMaintenance = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/maintenance' })).json().maintenance as boolean;
async function until(app: FastifyInstance, expected: boolean) {
  for (let i = 0; i < 100 && (await inMaintenance(app)) !== expected; i++) await new Promise((r) => setTimeout(r, 100));
  expect(await inMaintenance(app)).toBe(expected);
}
const asAdmin = (app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, payload, cookies: admin.cookies, headers: { [CSRF_HEADER]: admin.csrf } });

describe.skipIf(testDbKind() !== 'postgres')('maintenance across instances on one PostgreSQL', () => {
  beforeAll(async () => {
    a = await createTestApp({ BACKUP_DIR, TZ: 'UTC' });
    const user = await a.user('admin');
    adminId = user.id;
    admin = await a.signIn(user.email);
  });
  afterAll(async () => {
    for (const { app, database } of started) {
      await app.close();
      await database.close();
    }
    await a?.close();
  });

  it('every instance refuses writes, one started mid-restore shows maintenance and migrates after it, and a second restore is refused', async () => {
    const { projectId } = await makeProject(a.database.db, adminId);
    const b = await startInstance();
    await b.migrated;
    const maintenance = a.app.backups.maintenance!;
    let migrated = false;
    let cMigrated: Promise<void> | undefined;
    await maintenance.begin();
    try {
      await until(b.app, true);
      const refused = await asAdmin(b.app, 'POST', '/api/action-items', newItem(projectId, adminId));
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toMatchObject({ message: BACKUP_MESSAGES.maintenance, details: { maintenance: true } });

      const c = await startInstance(); // starts while the restore is under way
      expect(await inMaintenance(c.app)).toBe(true);
      expect((await asAdmin(c.app, 'GET', '/api/auth/session')).statusCode).toBe(503);
      cMigrated = c.migrated.then(() => { migrated = true; });
      await new Promise((r) => setTimeout(r, 1500));
      expect(migrated).toBe(false); // waits for the restore

      await expect(b.app.backups.maintenance!.begin()).rejects.toThrow(BACKUP_MESSAGES.busy);
    } finally {
      await maintenance.end();
    }
    for (const { app } of started) await until(app, false);
    await cMigrated; // once the restore is over, before anything else takes the restore lock
    expect(migrated).toBe(true);
    const saved = await asAdmin(b.app, 'POST', '/api/action-items', newItem(projectId, adminId));
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it('a real restore on one instance is heard by the other, which serves the restored data after it', async () => {
    const b = started[0]!.app;
    const backup = await a.app.backups.backup('manual');
    const { projectId } = await makeProject(a.database.db, adminId);
    const { done } = await a.app.backups.restore(path.join(BACKUP_DIR, backup.name!), confirmationDate(backup.createdAt, 'UTC'));
    let heard = false;
    let finished = false;
    void done.finally(() => { finished = true; });
    while (!finished) {
      heard ||= await inMaintenance(b);
      await new Promise((r) => setTimeout(r, 50));
    }
    await done;
    expect(heard).toBe(true);
    await until(b, false);
    // Everyone signs in again; the project made after the backup is gone on every instance.
    expect((await asAdmin(b, 'GET', '/api/auth/session')).statusCode).toBe(401);
    expect(await a.database.db.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst()).toBeUndefined();
  }, 120_000);
});
