import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TLoginResult, TSignInProvider } from '../../../core/api/auth.ts';
import { PROVIDER_SIGN_IN_MINUTES, PROVIDER_STARTS_PER_MINUTE, verifiedEmail, type TProviderFailure } from '../../../core/accounts/sign-in-providers.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors/app-error.ts';
import { queryOf } from '../../http/paths.ts';
import { isSecure } from '../../http/session.ts';
import { throttle } from '../../http/throttle.ts';
import { authorizationUrl, idTokenClaims, isRefusedAtProvider, isUnreachable, newChecks } from '../../integrations/oidc/client.ts';
import { findUserByEmail, finishSignIn } from '../auth/index.ts';
import { takePending, savePending } from './pending.ts';
import { callbackUrl, offeredProvider, returnBase } from './settings.ts';

// The redirect dance of a sign-in with a provider (docs/decisions/091). Every outcome is a redirect:
// to the provider, to the dashboard, to the login page's second step, or to /login?error=….

export const PENDING_COOKIE = 'casebook_oidc';
const COOKIE_PATH = '/api/auth/oidc';

type FlowContext = Pick<AppContext, 'db' | 'env' | 'sessionConfig'>;

const failed = (failure: TProviderFailure, provider: TSignInProvider) => `/login?error=${failure}&provider=${provider}`;

/** GET …/start: keeps state, nonce and PKCE verifier server-side and sends the browser to the provider. */
export async function startProviderSignIn(context: FlowContext, request: FastifyRequest, reply: FastifyReply, provider: TSignInProvider) {
  const { db, env } = context;
  // Anyone may start one: per address, a few a minute (each keeps a pending row and asks the provider).
  try {
    await throttle(db, `oidc-start:${request.ip}`, PROVIDER_STARTS_PER_MINUTE);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMIT') return reply.redirect(failed('busy', provider));
    throw error;
  }
  const settings = await offeredProvider(db, env, provider);
  // PUBLIC_URL whenever set; in production nothing else (the start refuses a provider on without it).
  const base = returnBase(env, () => `${request.protocol}://${request.host}`);
  if (!settings || base === null) return reply.redirect(failed('not_offered', provider));
  const checks = newChecks();
  const redirectUri = callbackUrl(base, provider);
  let target: URL;
  try {
    target = await authorizationUrl(settings, checks, redirectUri);
  } catch (error) {
    request.log.warn({ err: error, provider }, 'sign-in provider discovery failed');
    return reply.redirect(failed('unreachable', provider));
  }
  const key = await savePending(db, provider, checks, redirectUri);
  reply.setCookie(PENDING_COOKIE, key, {
    path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', maxAge: PROVIDER_SIGN_IN_MINUTES * 60,
    secure: isSecure(request, { secure: env.COOKIE_SECURE, maxHours: env.SESSION_MAX_HOURS }),
  });
  return reply.redirect(target.href);
}

/** The provider's answer, checked; the e-mail it vouches for, or why not. */
async function provenEmail(context: FlowContext, request: FastifyRequest, provider: TSignInProvider, query: { state?: string; error?: string }):
  Promise<{ email: string } | { failure: TProviderFailure }> {
  const pending = await takePending(context.db, provider, request.cookies[PENDING_COOKIE]);
  if (!pending) return { failure: 'expired' };
  if (query.error) return { failure: 'denied' };
  if (query.state !== pending.checks.state) return { failure: 'state_mismatch' };
  const settings = await offeredProvider(context.db, context.env, provider);
  if (!settings) return { failure: 'not_offered' };
  // The address the provider sent the browser to, with its query: openid-client checks it and sends it back without the query.
  const answer = new URL(pending.redirectUri);
  answer.search = queryOf(request.url);
  try {
    return verifiedEmail(provider, await idTokenClaims(settings, pending.checks, answer));
  } catch (error) {
    request.log.warn({ err: error, provider }, 'sign-in with a provider refused');
    if (isRefusedAtProvider(error)) return { failure: 'denied' };
    return { failure: isUnreachable(error) ? 'unreachable' : 'failed' };
  }
}

/** GET …/callback: an active user with the verified e-mail signs in (or is asked for their second step). */
export async function finishProviderSignIn(
  context: FlowContext, request: FastifyRequest, reply: FastifyReply, provider: TSignInProvider, query: { state?: string; error?: string },
) {
  reply.clearCookie(PENDING_COOKIE, { path: COOKIE_PATH });
  const proof = await provenEmail(context, request, provider, query);
  if ('failure' in proof) return reply.redirect(failed(proof.failure, provider));
  // Nobody is created by signing in: the e-mail must be an existing account's (case-insensitive).
  const user = await findUserByEmail(context.db, proof.email);
  if (!user) return reply.redirect(failed('no_account', provider));
  if (user.disabled) return reply.redirect(failed('disabled', provider));
  let result: TLoginResult;
  try {
    result = await finishSignIn(context, request, reply, user);
  } catch (error) {
    // A browser came here by a redirect: it gets the login page's sentence, never a JSON error.
    if (!(error instanceof AppError)) throw error;
    request.log.warn({ err: error, provider }, 'sign-in with a provider could not finish');
    return reply.redirect(failed('failed', provider));
  }
  return reply.redirect('secondStep' in result ? `/login?secondStep=${result.secondStep}` : '/dashboard');
}
