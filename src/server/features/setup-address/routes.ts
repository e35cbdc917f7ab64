import { ZFirstSuperAdminBody, ZSetupTokenBody } from '../../../core/api/setup-address.ts';
import type { AppContext } from '../../app-context.ts';
import { throttle } from '../../http/throttle.ts';
import { startSession } from '../auth/index.ts';
import { checkSetupToken, createFirstSuperAdmin } from './service.ts';

// The one-time setup address (issue 38, docs/decisions/117): anyone holding it, before any session.
// Its token is 256 random bits; the throttle keeps a loop from using the database as a guessing machine.
const PER_MINUTE = 20;

export function setupAddressRoutes(context: AppContext) {
  const { app, db } = context;
  const config = { access: 'public', beforeSession: true } as const;
  const guard = (ip: string) => throttle(db, `setup-address:${ip}`, PER_MINUTE);

  app.post('/api/setup-address/check', { config, schema: { body: ZSetupTokenBody } }, async (request, reply) => {
    await guard(request.ip);
    await checkSetupToken(db, request.body.token);
    return reply.status(204).send();
  });

  // Creates the first super admin and signs them in: the web app continues into the first-run setup.
  app.post('/api/setup-address/first-super-admin', { config, schema: { body: ZFirstSuperAdminBody } }, async (request, reply) => {
    await guard(request.ip);
    const user = await createFirstSuperAdmin(db, request.body);
    return startSession(context, request, reply, user);
  });
}
