import { API_TOKEN_MESSAGES } from '../../../core/accounts/api-tokens.ts';
import { ZApiTokenIdParams, ZApiTokenList, ZCreateApiTokenBody, ZCreatedApiToken } from '../../../core/api/api-tokens.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors/app-error.ts';
import { requireUser } from '../../http/session.ts';
import { twoFactorSetupOwed } from '../two-factor/index.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './service.ts';
import { firmTodayIso } from '../../../core/dates/iso-date.ts';

/**
 * Every signed-in user manages their own tokens, from a browser session only: a token can neither
 * mint nor list nor revoke tokens (docs/decisions/092). While the firm requires a second factor of
 * the user's role and they have none, no token is made: it could not be used (docs/decisions/111).
 */
export function apiTokenRoutes({ app, db, env }: AppContext) {
  const sessionOnly = { access: 'user', sessionOnly: true } as const;

  app.get('/api/api-tokens', { config: sessionOnly, schema: { response: { 200: ZApiTokenList } } },
    async (request) => ({ tokens: await listApiTokens(db, requireUser(request).user.id) }));

  app.post('/api/api-tokens', { config: sessionOnly, schema: { body: ZCreateApiTokenBody, response: { 201: ZCreatedApiToken } } },
    async (request, reply) => {
      const { user } = requireUser(request);
      if (await twoFactorSetupOwed(db, user)) throw new AppError('PERMISSION_DENIED', API_TOKEN_MESSAGES.twoFactorRequired);
      const created = await createApiToken(db, { ...request.body, userId: user.id, today: firmTodayIso(env.TZ) });
      return reply.status(201).send(created);
    });

  app.delete('/api/api-tokens/:id', { config: sessionOnly, schema: { params: ZApiTokenIdParams } }, async (request, reply) => {
    await revokeApiToken(db, { userId: requireUser(request).user.id, id: request.params.id });
    return reply.status(204).send();
  });
}
