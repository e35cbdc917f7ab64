import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PENDING_SIGN_IN_MINUTES, TWO_FACTOR_MESSAGES } from '../../../core/accounts/two-factor.ts';
import type { AppContext } from '../../app-context.ts';
import type { User } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { isSecure } from '../../http/session.ts';

/** The httpOnly cookie of a sign-in that passed its first proof and owes its second. */
export const PENDING_COOKIE = 'casebook_second_step';
const COOKIE_PATH = '/api/auth/second-step';

type PendingContext = Pick<AppContext, 'db' | 'env' | 'sessionConfig'>;

const hashOf = (token: string, secret: string) => createHmac('sha256', secret).update(`second-step:${token}`).digest('hex');

/** Holds a pending sign-in: a random token in the browser's cookie, its hash and expiry in the database. */
export async function holdPendingSignIn(context: PendingContext, request: FastifyRequest, reply: FastifyReply, userId: string) {
  const { db, env, sessionConfig } = context;
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('two_factor_pending').where('expires_at', '<', sql<Date>`now()`).execute();
  await db.insertInto('two_factor_pending').values({
    token_hash: hashOf(token, sessionConfig.secret), user_id: userId,
    expires_at: sql<Date>`now() + ${`${PENDING_SIGN_IN_MINUTES} minutes`}::interval`,
  }).execute();
  const secure = isSecure(request, { secure: env.COOKIE_SECURE, maxHours: env.SESSION_MAX_HOURS });
  reply.setCookie(PENDING_COOKIE, token, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure, maxAge: PENDING_SIGN_IN_MINUTES * 60 });
}

/** The user a live pending sign-in belongs to; 401 when there is none (expired, used, or never begun). */
export async function pendingUser(context: PendingContext, request: FastifyRequest): Promise<User> {
  const token = request.cookies[PENDING_COOKIE];
  const user = token ? await context.db.selectFrom('two_factor_pending').innerJoin('users', 'users.id', 'two_factor_pending.user_id')
    .selectAll('users').where('two_factor_pending.token_hash', '=', hashOf(token, context.sessionConfig.secret))
    .where('two_factor_pending.expires_at', '>', sql<Date>`now()`).executeTakeFirst() : undefined;
  if (!user || user.disabled) throw new AppError('AUTH_REQUIRED', TWO_FACTOR_MESSAGES.pendingExpired);
  return user;
}

/**
 * Ends a pending sign-in before its session starts: the delete is the claim, so two requests
 * racing with two right proofs get one session, and the other hears that the sign-in expired.
 */
export async function endPendingSignIn(context: PendingContext, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[PENDING_COOKIE];
  const ended = token ? await context.db.deleteFrom('two_factor_pending')
    .where('token_hash', '=', hashOf(token, context.sessionConfig.secret)).returning('user_id').executeTakeFirst() : undefined;
  reply.clearCookie(PENDING_COOKIE, { path: COOKIE_PATH });
  if (!ended) throw new AppError('AUTH_REQUIRED', TWO_FACTOR_MESSAGES.pendingExpired);
}
