import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * Counts one request under `key` in the current minute and refuses it with 429 past `perMinute`.
 * The count lives in PostgreSQL, so every app instance shares it.
 */
export async function throttle(db: Db, key: string, perMinute: number): Promise<void> {
  const row = await db
    .insertInto('request_counts')
    .values({ key, window_start: sql`date_trunc('minute', now())`, count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`request_counts.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  // The first request of a window sweeps windows nobody will read again.
  if (row.count === 1) await db.deleteFrom('request_counts').where('window_start', '<', sql<Date>`now() - interval '10 minutes'`).execute();
  if (row.count > perMinute) throw new AppError('RATE_LIMIT');
}
