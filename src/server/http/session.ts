import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_FLAG_COOKIE, CSRF_COOKIE, CSRF_COOKIE_DAYS, CSRF_HEADER, IS_AUTH_COOKIE_DAYS } from '../../core/constants.ts';
import { API_TOKEN_MESSAGES, scopeAllows, type TApiTokenScope } from '../../core/accounts/api-tokens.ts';
import { USER_RULE_MESSAGES } from '../../core/accounts/users.ts';
import type { TDataRole, TSessionUser } from '../../core/api/auth.ts';
import { AppError } from '../errors/app-error.ts';
import type { TAccess } from './access.ts';

export const SESSION_COOKIE = 'casebook_session';
const DAY_S = 86_400;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// All a user signed in with a one-time password may do before choosing their own.
const ALLOWED_BEFORE_NEW_PASSWORD = new Set([
  '/api/auth/session', '/api/auth/refresh', '/api/auth/logout', '/api/auth/login', '/api/account/password', '/api/config',
]);

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedSession | null;
  }
}

export interface SessionConfig {
  secret: string;
  idleMinutes: number;
  maxHours: number;
}

export interface AuthenticatedSession {
  sessionId: string;
  csrfToken: string;
  user: TSessionUser;
  /** Set when an API token made the request (no browser session: sessionId is a marker, csrfToken empty). */
  apiToken?: {
    id: string;
    scope: TApiTokenScope;
    /** The firm requires a second factor of the owner's role and they have none yet: the token is refused (docs/decisions/111). */
    twoFactorOwed?: boolean;
  };
}

/** Finds the live session of a cookie's token (the auth feature's, passed in by app.ts). */
type SessionLookup = (token: string) => Promise<AuthenticatedSession | null>;
/** Finds what a bearer API token may do (the api-tokens feature's, passed in by app.ts). */
type ApiTokenLookup = (text: string) => Promise<AuthenticatedSession | null>;

/** The text of an `Authorization: Bearer …` header; undefined when the request sends none. */
function bearerOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

export interface CookiePolicy {
  secure: 'auto' | 'true' | 'false';
  maxHours: number;
}

export const isSecure = (request: FastifyRequest, policy: CookiePolicy) =>
  policy.secure === 'auto' ? request.protocol === 'https' : policy.secure === 'true';

/** Sets the three cookies of a signed-in browser (SPEC §9). */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  policy: CookiePolicy,
  values: { token?: string; csrfToken: string },
) {
  const secure = isSecure(request, policy);
  if (values.token) {
    reply.setCookie(SESSION_COOKIE, values.token, {
      path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: policy.maxHours * 3600,
    });
  }
  reply.setCookie(AUTH_FLAG_COOKIE, 'true', { path: '/', sameSite: 'lax', secure, maxAge: IS_AUTH_COOKIE_DAYS * DAY_S });
  reply.setCookie(CSRF_COOKIE, values.csrfToken, {
    path: '/', sameSite: 'strict', secure, maxAge: CSRF_COOKIE_DAYS * DAY_S,
  });
}

export function clearSessionCookies(reply: FastifyReply) {
  for (const name of [SESSION_COOKIE, AUTH_FLAG_COOKIE, CSRF_COOKIE]) reply.clearCookie(name, { path: '/' });
}

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // same-origin fetches of older browsers and non-browser clients
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Reads the session of every API request before its body is read: without a session a
 * non-public route answers 401, without the route's role 403, without the CSRF header 403,
 * whatever the body holds (and however large it is).
 */
export function registerSession(app: FastifyInstance, findSession: SessionLookup, findApiToken?: ApiTokenLookup) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.config;
    // No route matched (the not-found handler answers, reading nothing), or the web app's own files.
    if (!route.access || route.web) return;
    const bearer = bearerOf(request);
    if (bearer !== undefined) return checkApiToken(request, findApiToken ? await findApiToken(bearer) : null);
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await findSession(token) : null;
    if (route.access !== 'public') requireUser(request);
    if (!SAFE_METHODS.has(request.method)) checkCsrf(request);
    if (request.auth?.user.mustChangePassword && !ALLOWED_BEFORE_NEW_PASSWORD.has(request.routeOptions.url ?? '')) {
      throw new AppError('PERMISSION_DENIED', USER_RULE_MESSAGES.mustChangePassword);
    }
    requireAccess(request, route.access);
  });
}

/**
 * A request that names an API token is answered as that token, whatever cookies it also carries
 * (a browser never adds the header by itself, and it cannot be sent cross-site without CORS, so no
 * CSRF check applies). It never does more than its user's role, nor writes with a read-only scope,
 * nor works while the firm requires a second factor its user has not set up.
 */
function checkApiToken(request: FastifyRequest, auth: AuthenticatedSession | null) {
  if (!auth) throw new AppError('AUTH_REQUIRED', API_TOKEN_MESSAGES.invalid);
  request.auth = auth;
  // First of the refusals, so every request says what would make the token work again.
  if (auth.apiToken?.twoFactorOwed) throw new AppError('PERMISSION_DENIED', API_TOKEN_MESSAGES.twoFactorRequired);
  const route = request.routeOptions.config;
  if (route.sessionOnly) throw new AppError('PERMISSION_DENIED', API_TOKEN_MESSAGES.sessionOnly);
  if (auth.user.mustChangePassword) throw new AppError('PERMISSION_DENIED', USER_RULE_MESSAGES.mustChangePassword);
  if (!scopeAllows(auth.apiToken?.scope ?? 'read', request.method)) throw new AppError('PERMISSION_DENIED', API_TOKEN_MESSAGES.readOnly);
  requireAccess(request, route.access!);
}

function checkCsrf(request: FastifyRequest) {
  if (request.routeOptions.config.beforeSession) {
    // No token can exist before sign-in; a cross-site form must still not sign anyone in.
    if (!sameOrigin(request)) throw new AppError('PERMISSION_DENIED');
    return;
  }
  // The header is always required, also on public routes such as sign-out.
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string' || (request.auth && !sameToken(header, request.auth.csrfToken))) {
    throw new AppError('PERMISSION_DENIED');
  }
}

export function requireUser(request: FastifyRequest): AuthenticatedSession {
  if (!request.auth) throw new AppError('AUTH_REQUIRED');
  return request.auth;
}

const RANK: Record<TDataRole, number> = { limited_user: 0, admin: 1, super_admin: 2 };

/** Throws 401 or 403 unless the request may call a route of this access. */
function requireAccess(request: FastifyRequest, access: TAccess) {
  if (access === 'public') return;
  const auth = requireUser(request);
  if (access !== 'user' && RANK[auth.user.role] < RANK[access]) throw new AppError('PERMISSION_DENIED');
}
