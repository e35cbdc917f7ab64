import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connection.ts';

export interface ErrorLogInput {
  code: string;
  message: string;
  severity: 'error' | 'critical';
  context?: Record<string, unknown>;
  url?: string | null;
  userAgent?: string | null;
  userId?: string | null;
  timestamp?: string;
}

/** The most context one row keeps; a larger one is cut and marked. */
const CONTEXT_LIMIT = 16 * 1024;

/** The context as stored: as given when small, else its first 16 KB of JSON with a marker. */
function capContext(context: Record<string, unknown> | undefined): string | null {
  if (!context) return null;
  const json = JSON.stringify(context);
  if (json.length <= CONTEXT_LIMIT) return json;
  return JSON.stringify({ truncated: true, originalLength: json.length, preview: `${json.slice(0, CONTEXT_LIMIT)}…[truncated]` });
}

/**
 * Stores an error; a failure to log goes only to the console (SPEC §7). The same code and
 * message from the same user within a minute of the first one only counts up that row.
 */
export async function logError(db: DbOrTx, input: ErrorLogInput): Promise<void> {
  try {
    const userId = input.userId ?? null;
    const folded = await db
      .updateTable('error_logs')
      .set({ occurrences: sql`occurrences + 1`, last_seen_at: sql`now()` })
      .where('id', '=', (eb) => eb.selectFrom('error_logs')
        .select('id')
        .where('code', '=', input.code)
        .where('message', '=', input.message)
        .where('user_id', userId === null ? 'is' : '=', userId)
        .where('received_at', '>', sql<Date>`now() - interval '1 minute'`)
        .orderBy('received_at', 'desc')
        .limit(1))
      .executeTakeFirst();
    if (folded.numUpdatedRows > 0n) return;
    await db
      .insertInto('error_logs')
      .values({
        code: input.code,
        message: input.message,
        severity: input.severity,
        context: capContext(input.context),
        url: input.url ?? null,
        user_agent: input.userAgent ?? null,
        user_id: userId,
        ...(input.timestamp ? { timestamp: input.timestamp } : {}),
      })
      .execute();
  } catch (error) {
    console.error('Failed to write error log', error);
  }
}
