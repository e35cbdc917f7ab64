import {
  ZChangePasswordBody, ZCreateUserBody, ZOneTimePasswordResult, ZUpdateProfileBody, ZUpdateUserBody, ZUserAccount, ZUserIdParams, ZUserList,
} from '../../../core/api/users.ts';
import { ZSessionResponse } from '../../../core/api/auth.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { findSessionById } from '../auth/index.ts';
import { listAccounts } from './account-reads.ts';
import { changeOwnPassword, updateOwnProfile } from './account-service.ts';
import { createAccount, deleteAccount, resetPassword, resetTwoFactor, setDisabled, updateAccount } from './admin-service.ts';

const admin = { access: 'admin' } as const;
const actorOf = (auth: { user: { id: string; role: 'super_admin' | 'admin' | 'limited_user' } }) => ({ id: auth.user.id, role: auth.user.role });

/** The Users section of Admin Settings (admins) and the avatar menu's own account (everyone). */
export function userRoutes({ app, db, env, sessionConfig }: AppContext) {
  app.get('/api/users', { config: admin, schema: { response: { 200: ZUserList } } }, async (request) => {
    const auth = requireUser(request);
    return { users: await listAccounts(db, auth.user.id) };
  });

  // Making an account, changing its role and enabling it again hand out a way to sign in: a browser session's, never
  // a token's, so a stolen token cannot make itself a lasting sign-in (docs/decisions/092, 222).
  app.post('/api/users', { config: { ...admin, sessionOnly: true }, schema: { body: ZCreateUserBody, response: { 200: ZOneTimePasswordResult } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return createAccount(db, actorOf(requireUser(request)), request.body, env.ONE_TIME_PASSWORD_HOURS);
  });

  app.put('/api/users/:id', { config: { ...admin, sessionOnly: true }, schema: { params: ZUserIdParams, body: ZUpdateUserBody, response: { 200: ZUserAccount } } },
    async (request) => updateAccount(db, actorOf(requireUser(request)), request.params.id, request.body));

  app.post('/api/users/:id/reset-password', { config: { ...admin, sessionOnly: true }, schema: { params: ZUserIdParams, response: { 200: ZOneTimePasswordResult } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return resetPassword(db, actorOf(requireUser(request)), request.params.id, env.ONE_TIME_PASSWORD_HOURS);
    });

  app.post('/api/users/:id/reset-two-factor', { config: { ...admin, sessionOnly: true }, schema: { params: ZUserIdParams, response: { 200: ZUserAccount } } },
    async (request) => resetTwoFactor(db, actorOf(requireUser(request)), request.params.id));

  app.post('/api/users/:id/disable', { config: admin, schema: { params: ZUserIdParams, response: { 200: ZUserAccount } } },
    async (request) => setDisabled(db, actorOf(requireUser(request)), request.params.id, true));

  app.post('/api/users/:id/enable', { config: { ...admin, sessionOnly: true }, schema: { params: ZUserIdParams, response: { 200: ZUserAccount } } },
    async (request) => setDisabled(db, actorOf(requireUser(request)), request.params.id, false));

  app.delete('/api/users/:id', { config: admin, schema: { params: ZUserIdParams } }, async (request, reply) => {
    await deleteAccount(db, actorOf(requireUser(request)), request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/account/password', { config: { access: 'user', sessionOnly: true }, schema: { body: ZChangePasswordBody, response: { 200: ZSessionResponse } } }, async (request) => {
    const auth = requireUser(request);
    await changeOwnPassword(db, { ...request.body, userId: auth.user.id, sessionId: auth.sessionId });
    return { user: (await findSessionById(db, auth.sessionId, sessionConfig))!.user, firmName: env.FIRM_NAME };
  });

  app.put('/api/account/profile', { config: { access: 'user', sessionOnly: true }, schema: { body: ZUpdateProfileBody, response: { 200: ZSessionResponse } } }, async (request) => {
    const auth = requireUser(request);
    await updateOwnProfile(db, { ...request.body, userId: auth.user.id });
    return { user: (await findSessionById(db, auth.sessionId, sessionConfig))!.user, firmName: env.FIRM_NAME };
  });
}
