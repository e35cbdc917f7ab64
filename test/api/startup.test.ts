// The real process: start, refuse a second process on the same data folder, shut down gracefully.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { killServers, startServer as start } from '../helpers/server-process.ts';
import { freshDatabase } from '../helpers/test-database.ts';

afterAll(killServers);

describe('npm start', () => {
  it('seeds demo data once, refuses a second process on the same folder, and shuts down on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-start-'));
    // No HOST: a demo listens on this computer only, and says so.
    const first = start({ DATA_DIR: dataDir, HOST: '' });
    const url = await first.ready;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first.output()).toContain('DEMO MODE');
    expect(first.output()).toContain('Listening on 127.0.0.1 only');
    expect(first.output()).toContain('npm run user:create');
    expect(first.output()).toContain('Demo data was created');
    expect(first.output()).toContain('margaret.hale@casebook.test');

    const second = start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another Casebook process/);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite', 'casebook.lock'))).toBe(false);

    // Later starts reuse the data: no second seed.
    const again = start({ DATA_DIR: dataDir });
    await again.ready;
    expect(again.output()).not.toContain('Demo data was created');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('never seeds in production and says how to create the first super admin', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-prod-'));
    const prod = start({ DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) });
    const url = await prod.ready;
    expect(prod.output()).toContain('npm run user:create');
    const res = await fetch(`${url}/api/auth/test-account`, { method: 'POST' });
    expect(res.status).toBe(404);
    prod.child.kill('SIGTERM');
    expect(await prod.exited).toBe(0);
  }, 60_000);

  it('stops, naming the file, when a migration was edited after it was applied', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-edited-'));
    const database = await freshDatabase(undefined, { dataDir: path.join(dataDir, 'pglite') });
    await sql`update schema_migrations set checksum = 'as first applied' where name = '014_report_speed.sql'`.execute(database.db);
    await database.close();
    const edited = start({ DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) });
    expect(await edited.exited).toBe(1);
    expect(edited.output()).toContain('Migration 014_report_speed.sql was changed after it was applied to this database.');
    expect(edited.output()).not.toContain('failed to start');
  }, 60_000);

  it('stops with a clear message on bad configuration', async () => {
    const bad = start({ PORT: 'not-a-port' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toContain('PORT');
  }, 30_000);
});
