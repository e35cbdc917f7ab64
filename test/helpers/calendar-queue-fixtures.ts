import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connection.ts';
import { TokenCipher } from '../../src/server/integrations/google/token-cipher.ts';
import { createUser } from '../../src/server/features/users/service.ts';
import type { FakeGoogle } from '../fakes/google-server.ts';
import { makeProject } from './action-items-fixtures.ts';

/** A connected calendar (tokens sealed with `key`) and `count` items with sync on, queued and due now. */
export async function queueCreates(db: Db, fake: FakeGoogle, key: Buffer, count: number): Promise<string[]> {
  const cipher = new TokenCipher(key);
  const { accessToken, refreshToken } = fake.grant();
  await sql`update calendar_connection set access_token = ${cipher.encrypt(accessToken)}, refresh_token = ${cipher.encrypt(refreshToken)},
    token_expiry = now() + interval '1 hour', scope = 'https://www.googleapis.com/auth/calendar', connected_at = now()`.execute(db);
  const user = await createUser(db, { email: `queue.${Date.now()}@firm.test`, password: 'correct horse battery', firstName: 'Queue', lastName: 'Owner', role: 'admin' });
  const { projectId } = await makeProject(db, user.id);
  const { rows } = await sql<{ id: string }>`
    insert into action_items (project_id, created_by, assigned_to, title, due_date, start_time, synced_to_calendar)
    select ${projectId}, ${user.id}, ${user.id}, 'Queued item ' || n, current_date + n % 30, '09:00', true
    from generate_series(1, ${count}) as n returning id`.execute(db);
  await sql`update jobs set run_at = now() where queue = 'calendar-sync'`.execute(db);
  return rows.map((r) => r.id);
}
