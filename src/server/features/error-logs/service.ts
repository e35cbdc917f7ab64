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

/** Stores an error; a failure to log goes only to the console (SPEC §7). */
export async function logError(db: DbOrTx, input: ErrorLogInput): Promise<void> {
  try {
    await db
      .insertInto('error_logs')
      .values({
        code: input.code,
        message: input.message,
        severity: input.severity,
        context: input.context ? JSON.stringify(input.context) : null,
        url: input.url ?? null,
        user_agent: input.userAgent ?? null,
        user_id: input.userId ?? null,
        ...(input.timestamp ? { timestamp: input.timestamp } : {}),
      })
      .execute();
  } catch (error) {
    console.error('Failed to write error log', error);
  }
}
