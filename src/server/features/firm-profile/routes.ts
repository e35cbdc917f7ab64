import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZFirmProfile, ZFirmProfileBody, ZMoneyAlertParams, ZMoneyAlerts, ZSignatureStatus } from '../../../core/api/firm-profile.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { readImages } from '../../uploads/multipart.ts';
import { getFirmProfile, getLogo, saveFirmProfile, setLogo } from './service.ts';
import { dismissAlert, unreadAlerts } from './money-alerts.ts';
import { deleteSignature, getSignature, saveSignature, signatureStatus } from './signatures.ts';

// Multipart bodies are read by readImages (checked by content); the schema says there is no query.
const ZNoQuery = z.object({}).strict();
/** ?v= changes with each new image, so a browser never shows a replaced one from its cache. */
const ZImageQuery = z.object({ v: z.string().max(40).optional() }).strict();

const sendImage = (reply: FastifyReply, image: { image: Buffer; type: string }) =>
  reply.header('cache-control', 'private, no-cache').type(image.type).send(image.image);

/** The firm profile (admins only, SPEC §9 letterhead) and each user's own signature. */
export function firmProfileRoutes({ app, db, env }: AppContext) {
  const defaultName = env.FIRM_NAME;
  const admin = { access: 'admin' } as const;

  // Admins keep the profile; the remittance details and tax id are a super admin's (issue 38): shown, not changed.
  const superAdmin = (request: FastifyRequest) => requireUser(request).user.role === 'super_admin';

  app.get('/api/settings/firm-profile', { config: admin, schema: { response: { 200: ZFirmProfile } } }, async (request) =>
    getFirmProfile(db, defaultName, superAdmin(request)));

  app.put('/api/settings/firm-profile', { config: admin, schema: { body: ZFirmProfileBody, response: { 200: ZFirmProfile } } },
    async (request) => {
      const { user } = requireUser(request);
      return saveFirmProfile(db, { actorId: user.id, superAdmin: superAdmin(request), input: request.body, defaultName });
    });

  app.get('/api/settings/firm-profile/logo', { config: admin, schema: { querystring: ZImageQuery } }, async (request, reply) => {
    requireUser(request);
    return sendImage(reply, await getLogo(db));
  });

  app.put('/api/settings/firm-profile/logo', { config: admin, schema: { querystring: ZNoQuery, response: { 200: ZFirmProfile } } },
    async (request) => {
      const { user } = requireUser(request);
      const [file] = await readImages(request, { max: 1 });
      return setLogo(db, { actorId: user.id, superAdmin: superAdmin(request), bytes: file!.bytes, defaultName });
    });

  app.delete('/api/settings/firm-profile/logo', { config: admin, schema: { querystring: ZNoQuery, response: { 200: ZFirmProfile } } },
    async (request) => {
      const { user } = requireUser(request);
      return setLogo(db, { actorId: user.id, superAdmin: superAdmin(request), bytes: null, defaultName });
    });

  const superAdminOnly = { access: 'super_admin' } as const;
  app.get('/api/me/money-alerts', { config: superAdminOnly, schema: { response: { 200: ZMoneyAlerts } } }, async (request) =>
    unreadAlerts(db, requireUser(request).user.id));

  app.post('/api/me/money-alerts/:id/read', { config: superAdminOnly, schema: { params: ZMoneyAlertParams } }, async (request, reply) => {
    await dismissAlert(db, { userId: requireUser(request).user.id, id: request.params.id });
    return reply.status(204).send();
  });

  app.get('/api/me/signature', { config: { access: 'user' }, schema: { querystring: ZNoQuery, response: { 200: ZSignatureStatus } } }, async (request) => {
    const { user } = requireUser(request);
    return signatureStatus(db, user.id);
  });

  app.get('/api/me/signature/image', { config: { access: 'user' }, schema: { querystring: ZImageQuery } }, async (request, reply) => {
    const { user } = requireUser(request);
    return sendImage(reply, await getSignature(db, user.id));
  });

  app.put('/api/me/signature', { config: { access: 'user' }, schema: { querystring: ZNoQuery, response: { 200: ZSignatureStatus } } }, async (request) => {
    const { user } = requireUser(request);
    const [file] = await readImages(request, { max: 1 });
    return saveSignature(db, user.id, file!.bytes);
  });

  app.delete('/api/me/signature', { config: { access: 'user' }, schema: { querystring: ZNoQuery, response: { 200: ZSignatureStatus } } }, async (request) => {
    const { user } = requireUser(request);
    return deleteSignature(db, user.id);
  });
}
