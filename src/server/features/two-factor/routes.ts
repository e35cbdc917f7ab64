import { ZSessionResponse } from '../../../core/api/auth.ts';
import {
  ZRecoveryCodes, ZSignInSetupDone, ZTwoFactorCodeBody, ZTwoFactorPolicy, ZTwoFactorSetup, ZTwoFactorStatus,
} from '../../../core/api/two-factor.ts';
import { TWO_FACTOR_MESSAGES } from '../../../core/accounts/two-factor.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors/app-error.ts';
import { requireUser } from '../../http/session.ts';
import { resolveDataRole, startSession } from '../auth/index.ts';
import { beginSetup, confirmSetup, disableOwnFactor, hasTwoFactor, twoFactorStatus, verifySecondFactor } from './factor-service.ts';
import { endPendingSignIn, pendingUser } from './pending.ts';
import { readTwoFactorPolicy, saveTwoFactorPolicy } from './policy.ts';
import { secondStepOwed } from './second-step.ts';

const noStore = { 'cache-control': 'no-store' };
const superAdmin = { access: 'super_admin' } as const;

/** Two-factor sign-in (issue 27, docs/decisions/090): the own factor, the firm's rule, and the sign-in's second step. */
export function twoFactorRoutes(context: AppContext) {
  const { app, db, tokenCipher } = context;
  const deps = { db, cipher: tokenCipher };

  // Who may sign in, and how, changes only from a signed-in browser: an API token never does it (ADR 092).
  const sessionOnly = { access: 'user', sessionOnly: true } as const;
  app.get('/api/account/two-factor', { config: { access: 'user' }, schema: { response: { 200: ZTwoFactorStatus } } }, async (request) =>
    twoFactorStatus(db, requireUser(request).user));

  app.post('/api/account/two-factor/setup', { config: sessionOnly, schema: { response: { 200: ZTwoFactorSetup } } }, async (request, reply) => {
    void reply.headers(noStore);
    return beginSetup(deps, requireUser(request).user);
  });

  app.post('/api/account/two-factor/confirm', { config: sessionOnly, schema: { body: ZTwoFactorCodeBody, response: { 200: ZRecoveryCodes } } }, async (request, reply) => {
    void reply.headers(noStore);
    return { recoveryCodes: await confirmSetup(deps, requireUser(request).user, { code: request.body.code, ip: request.ip }) };
  });

  app.post('/api/account/two-factor/disable', { config: sessionOnly, schema: { body: ZTwoFactorCodeBody, response: { 200: ZTwoFactorStatus } } }, async (request) => {
    const { user } = requireUser(request);
    await disableOwnFactor(deps, user, { code: request.body.code, ip: request.ip });
    return twoFactorStatus(db, user);
  });

  app.get('/api/settings/two-factor', { config: superAdmin, schema: { response: { 200: ZTwoFactorPolicy } } }, async () => readTwoFactorPolicy(db));

  app.put('/api/settings/two-factor', { config: { ...superAdmin, sessionOnly: true }, schema: { body: ZTwoFactorPolicy, response: { 200: ZTwoFactorPolicy } } },
    async (request) => saveTwoFactorPolicy(db, { actorId: requireUser(request).user.id, body: request.body }));

  // The second step of a sign-in: public, held by the pending sign-in cookie (pending.ts).
  app.post('/api/auth/second-step/code', { config: { access: 'public', beforeSession: true }, schema: { body: ZTwoFactorCodeBody, response: { 200: ZSessionResponse } } },
    async (request, reply) => {
      const user = await pendingUser(context, request);
      await verifySecondFactor(deps, user, { code: request.body.code, ip: request.ip });
      await endPendingSignIn(context, request, reply);
      return startSession(context, request, reply, user);
    });

  app.post('/api/auth/second-step/setup', { config: { access: 'public', beforeSession: true }, schema: { response: { 200: ZTwoFactorSetup } } }, async (request, reply) => {
    const user = await pendingUser(context, request);
    // Only a sign-in that owes a set-up may begin one: a password alone never replaces a factor.
    if (await hasTwoFactor(db, user.id)) throw new AppError('CONSTRAINT_VIOLATION', TWO_FACTOR_MESSAGES.alreadyOn);
    void reply.headers(noStore);
    return beginSetup(deps, user);
  });

  app.post('/api/auth/second-step/confirm', { config: { access: 'public', beforeSession: true }, schema: { body: ZTwoFactorCodeBody, response: { 200: ZSignInSetupDone } } },
    async (request, reply) => {
      const user = await pendingUser(context, request);
      if (await secondStepOwed(db, user, await resolveDataRole(db, user)) !== 'setup') throw new AppError('CONSTRAINT_VIOLATION', TWO_FACTOR_MESSAGES.alreadyOn);
      const recoveryCodes = await confirmSetup(deps, user, { code: request.body.code, ip: request.ip });
      await endPendingSignIn(context, request, reply);
      void reply.headers(noStore);
      return { ...(await startSession(context, request, reply, user)), recoveryCodes };
    });
}
