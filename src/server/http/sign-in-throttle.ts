import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';

// The sign-in throttle is request plumbing like throttle.ts: the auth feature (passwords) and the
// two-factor feature (codes) both count failures here (docs/decisions/127).

const FAILURE_WINDOW = '5 minutes';
const MAX_FAILURES = 5;
// Guessing one account from many addresses is throttled too, more loosely (staff share offices).
const MAX_ACCOUNT_FAILURES = 20;

/** Failures in the window for this account from this address, and for this account from anywhere. */
async function recentFailures(db: Db, email: string, ip: string) {
  const row = await db
    .selectFrom('login_failures')
    .select([
      sql<string>`count(*) filter (where ip = ${ip})`.as('from_address'),
      sql<string>`count(*)`.as('from_anywhere'),
    ])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('at', '>', sql<Date>`now() - ${FAILURE_WINDOW}::interval`)
    .executeTakeFirstOrThrow();
  return { fromAddress: Number(row.from_address), fromAnywhere: Number(row.from_anywhere) };
}

/**
 * The one sign-in throttle (passwords and second-factor codes alike): refuses while this account has
 * too many recent failures from this address, or from anywhere.
 */
export async function assertNotThrottled(db: Db, email: string, ip: string) {
  const failures = await recentFailures(db, email, ip);
  if (failures.fromAddress >= MAX_FAILURES || failures.fromAnywhere >= MAX_ACCOUNT_FAILURES) throw new AppError('RATE_LIMIT');
}

/** Counts a failed proof (password or code) for the throttle, then throws the refusal. */
export async function refuseSignIn(db: Db, email: string, ip: string, error: AppError): Promise<never> {
  await db.insertInto('login_failures').values({ email, ip }).execute();
  await db.deleteFrom('login_failures').where('at', '<', sql<Date>`now() - interval '1 day'`).execute();
  throw error;
}

/** A right proof clears this address's failures for the account. */
export async function clearSignInFailures(db: Db, email: string, ip: string) {
  await db.deleteFrom('login_failures').where(sql`lower(email)`, '=', email.toLowerCase()).where('ip', '=', ip).execute();
}

