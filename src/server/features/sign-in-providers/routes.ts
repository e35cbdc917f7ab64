import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZProviderCallbackQuery, ZProviderParams, ZProviderSettingsBody, ZProviderSettingsList, ZProviderTestBody, ZProviderTestResult,
} from '../../../core/api/sign-in-providers.ts';
import { issuerUrlProblem, PROVIDER_SECRET_VARIABLES } from '../../../core/accounts/sign-in-providers.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { checkDiscovery } from '../../integrations/oidc/check.ts';
import { finishProviderSignIn, startProviderSignIn } from './flow.ts';
import { listProviders, returnBase, saveProvider, secretOf } from './settings.ts';

const ZNoQuery = z.object({}).strict();

/** Sign in with Google or Microsoft (issue 27, docs/decisions/091): the providers in Settings and the sign-in itself. */
export function signInProviderRoutes(context: AppContext) {
  const { app, db, env } = context;
  // Where staff sign in from changes only from a signed-in browser, never with an API token (ADR 092).
  const superAdmin = { access: 'super_admin', sessionOnly: true } as const;
  const production = env.NODE_ENV === 'production';
  const base = (request: FastifyRequest) => returnBase(env, () => `${request.protocol}://${request.host}`);

  app.get('/api/settings/sign-in-providers', { config: superAdmin, schema: { querystring: ZNoQuery, response: { 200: ZProviderSettingsList } } },
    async (request) => {
      requireUser(request);
      return { providers: await listProviders(db, env, base(request)) };
    });

  app.put('/api/settings/sign-in-providers/:provider', {
    config: superAdmin, schema: { params: ZProviderParams, body: ZProviderSettingsBody, response: { 200: ZProviderSettingsList } },
  }, async (request) => {
    const { user } = requireUser(request);
    await saveProvider(db, user.id, request.params.provider, request.body, env);
    return { providers: await listProviders(db, env, base(request)) };
  });

  // Reads the discovery document of the form's issuer URL and says what is wrong, in words.
  app.post('/api/settings/sign-in-providers/:provider/test', {
    config: superAdmin, schema: { params: ZProviderParams, body: ZProviderTestBody, response: { 200: ZProviderTestResult } },
  }, async (request) => {
    requireUser(request);
    const { issuerUrl, clientId } = request.body;
    const problem = issuerUrl ? issuerUrlProblem(issuerUrl, production) : 'Give the issuer URL first.';
    if (problem) return { ok: false, message: problem };
    const result = await checkDiscovery(issuerUrl, clientId || 'casebook-test');
    const variable = PROVIDER_SECRET_VARIABLES[request.params.provider];
    if (!result.ok || secretOf(env, request.params.provider)) return result;
    return { ok: true, message: `${result.message} ${variable} is not set on the server yet, so the login page does not offer this provider.` };
  });

  app.get('/api/auth/oidc/:provider/start', { config: { access: 'public' }, schema: { params: ZProviderParams, querystring: ZNoQuery } },
    (request, reply) => startProviderSignIn(context, request, reply, request.params.provider));

  app.get('/api/auth/oidc/:provider/callback', { config: { access: 'public' }, schema: { params: ZProviderParams, querystring: ZProviderCallbackQuery } },
    (request, reply) => finishProviderSignIn(context, request, reply, request.params.provider, request.query));
}
