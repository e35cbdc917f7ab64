import { ZLoginBody, type TPublicConfig, type TSessionResponse } from '../../../core/api/auth.ts';
import { roleRequiresTwoFactor } from '../../../core/accounts/two-factor.ts';
import { testAccountNeedsTwoFactor } from '../../../core/accounts/users.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors/app-error.ts';
import { clearSessionCookies, requireUser, SESSION_COOKIE, setSessionCookies } from '../../http/session.ts';
import { deleteSession, findUserByEmail, refreshSession, resolveDataRole, verifyCredentials } from './service.ts';
import type { FastifyRequest } from 'fastify';
import { isLoopback } from '../../http/loopback.ts';
import { finishSignIn, startSession } from './sign-in.ts';
import { offeredProviders } from '../sign-in-providers/index.ts';
import { requiredRoles } from '../two-factor/index.ts';
import { readTimesheetSettings } from '../time/index.ts';

export const TEST_ACCOUNT_REMOTE =
  'The test account can only be used on the computer running the demo. Please sign in with your e-mail and password.';

export function authRoutes(context: AppContext) {
  const { app, db, env, sessionConfig, demoAdminEmail } = context;
  const policy = { secure: env.COOKIE_SECURE, maxHours: env.SESSION_MAX_HOURS };

  // The test account is offered only in demo mode and only to a browser on this computer.
  const testAccountAllowed = (request: FastifyRequest) => env.demo && isLoopback(request.ip);

  app.get('/api/config', { config: { access: 'public', duringMaintenance: true } }, async (request): Promise<TPublicConfig> => ({
    firmName: env.FIRM_NAME, demo: testAccountAllowed(request), signInProviders: await offeredProviders(db, env), timeZone: env.TZ,
    weekStartsOn: (await readTimesheetSettings(db)).weekStartsOn,
  }));

  app.post('/api/auth/login', { schema: { body: ZLoginBody }, config: { access: 'public', beforeSession: true } }, async (request, reply) => {
    const user = await verifyCredentials(db, { ...request.body, ip: request.ip });
    return finishSignIn(context, request, reply, user);
  });

  // SPEC §2's "test account": only in demo mode, and a real session for the demo Administrator.
  // It has no password, so it is refused to anyone not on this computer (docs/decisions/034).
  app.post('/api/auth/test-account', { config: { access: 'public', beforeSession: true } }, async (request, reply) => {
    if (env.demo && !isLoopback(request.ip)) throw new AppError('PERMISSION_DENIED', TEST_ACCOUNT_REMOTE);
    const user = env.demo && demoAdminEmail ? await findUserByEmail(db, demoAdminEmail) : undefined;
    if (!user || user.disabled) throw new AppError('RECORD_NOT_FOUND');
    // It skips the second step, so it cannot stand in for a role the firm requires one of (docs/decisions/111).
    const role = await resolveDataRole(db, user);
    if (roleRequiresTwoFactor(await requiredRoles(db), role)) throw new AppError('PERMISSION_DENIED', testAccountNeedsTwoFactor(role));
    return startSession(context, request, reply, user);
  });

  app.get('/api/auth/session', { config: { access: 'public' } }, async (request, reply): Promise<TSessionResponse> => {
    if (!request.auth) {
      clearSessionCookies(reply);
      throw new AppError('AUTH_EXPIRED');
    }
    return { user: request.auth.user, firmName: env.FIRM_NAME };
  });

  app.post('/api/auth/refresh', { config: { access: 'user', sessionOnly: true } }, async (request, reply): Promise<TSessionResponse> => {
    const auth = requireUser(request);
    const csrfToken = await refreshSession(db, auth.sessionId);
    setSessionCookies(request, reply, policy, { csrfToken });
    return { user: auth.user, firmName: env.FIRM_NAME };
  });

  app.post('/api/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(db, token, sessionConfig);
    clearSessionCookies(reply);
    return reply.status(204).send();
  });
}
