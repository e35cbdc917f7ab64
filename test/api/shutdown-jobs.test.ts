// Graceful shutdown's job runner (docs/decisions/053): the drain stops it, then the app's close
// stops it again; the second stop waits for the job in hand like the first.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { enqueue } from '../../src/server/jobs/queue.ts';
import { JobRunner } from '../../src/server/jobs/runner.ts';
import { freshDatabase } from '../helpers/test-database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => database.close());

it('a second stop() waits for the job in hand too, and no job is claimed after the first', async () => {
  const runner = new JobRunner({ database, pollMs: 60_000 });
  const ran: string[] = [];
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  runner.handle<{ n: number }>('slow', async (job) => {
    started();
    await new Promise((r) => setTimeout(r, 300));
    ran.push(job.key);
  });
  await runner.start();
  await enqueue(database.db, { queue: 'slow', key: 'a', payload: { n: 1 } });
  await running;
  await enqueue(database.db, { queue: 'slow', key: 'b', payload: { n: 2 } });
  const first = runner.stop();
  await runner.stop();
  expect(ran).toEqual(['a']);
  await first;
  const left = await sql<{ key: string; state: string }>`select key, state from jobs order by key`.execute(database.db);
  expect(left.rows.map((r) => r.key)).toEqual(['b']);
});
