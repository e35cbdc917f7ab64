import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TLoginResult, TSessionResponse } from '../../../core/api/auth.ts';
import type { AppContext } from '../../app-context.ts';
import type { User } from '../../db/types.ts';
import { SESSION_COOKIE, setSessionCookies } from '../../http/session.ts';
import { clearSignInFailures } from '../../http/sign-in-throttle.ts';
import { holdPendingSignIn, secondStepOwed } from '../two-factor/index.ts';
import { createSession, deleteSession, resolveDataRole } from './service.ts';

type SignInContext = Pick<AppContext, 'db' | 'env' | 'sessionConfig'>;

/**
 * The one way a sign-in ends, whatever proved who the user is (password, test account, provider,
 * second factor): the browser's old session is dropped and a fresh one starts (rotation).
 */
export async function startSession(context: SignInContext, request: FastifyRequest, reply: FastifyReply, user: User): Promise<TSessionResponse> {
  const { db, env, sessionConfig } = context;
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(db, previous, sessionConfig);
  const session = await createSession(db, user, sessionConfig);
  setSessionCookies(request, reply, { secure: env.COOKIE_SECURE, maxHours: env.SESSION_MAX_HOURS }, { token: session.token, csrfToken: session.csrfToken });
  return { user: session.user, firmName: env.FIRM_NAME };
}

/**
 * After the first proof (password or provider): a session, or the second step the user still owes
 * (issue 27: a code when they have a second factor, its set-up when their role requires one).
 */
export async function finishSignIn(context: SignInContext, request: FastifyRequest, reply: FastifyReply, user: User): Promise<TLoginResult> {
  const owed = await secondStepOwed(context.db, user, await resolveDataRole(context.db, user));
  if (!owed) {
    await clearSignInFailures(context.db, user.email, request.ip);
    return startSession(context, request, reply, user);
  }
  await holdPendingSignIn(context, request, reply, user.id);
  return { secondStep: owed, firmName: context.env.FIRM_NAME };
}
