import {
  ZRateCodeCreateBody, ZRateCodeItemCreateBody, ZRateCodeItemParams, ZRateCodeItemUpdateBody, ZRateCodeListResponse,
  ZRateCodeParams, ZRateCodeResponse, ZRateCodeUpdateBody,
} from '../../../core/api/rate-codes.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import {
  addRateCodeItem, createRateCode, deleteRateCode, deleteRateCodeItem, getRateCode, listRateCodes, updateRateCode,
  updateRateCodeItem,
} from './service.ts';

/** Rate codes: everyone reads job types; admins write; only super admins see or set rates. */
export function rateCodeRoutes({ app, db }: AppContext) {
  app.get('/api/rate-codes', { config: { access: 'user' }, schema: { response: { 200: ZRateCodeListResponse } } }, async (request) =>
    listRateCodes(db, requireUser(request).user));

  app.get('/api/rate-codes/:id', { config: { access: 'user' }, schema: { params: ZRateCodeParams, response: { 200: ZRateCodeResponse } } },
    async (request) => getRateCode(db, { id: request.params.id, viewer: requireUser(request).user }));

  app.post('/api/rate-codes', { config: { access: 'admin' }, schema: { body: ZRateCodeCreateBody, response: { 201: ZRateCodeResponse } } },
    async (request, reply) => {
      const { user } = requireUser(request);
      return reply.status(201).send(await createRateCode(db, { body: request.body, viewer: user }));
    });

  app.put('/api/rate-codes/:id', {
    config: { access: 'admin' },
    schema: { params: ZRateCodeParams, body: ZRateCodeUpdateBody, response: { 200: ZRateCodeResponse } },
  }, async (request) => {
    const { user } = requireUser(request);
    return updateRateCode(db, { id: request.params.id, ...request.body, viewer: user });
  });

  app.delete('/api/rate-codes/:id', { config: { access: 'admin' }, schema: { params: ZRateCodeParams } }, async (request, reply) => {
    requireUser(request);
    await deleteRateCode(db, request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/rate-codes/:id/items', {
    config: { access: 'admin' },
    schema: { params: ZRateCodeParams, body: ZRateCodeItemCreateBody, response: { 201: ZRateCodeResponse } },
  }, async (request, reply) => {
    const { user } = requireUser(request);
    return reply.status(201).send(await addRateCodeItem(db, { rateCodeId: request.params.id, item: request.body, viewer: user }));
  });

  app.put('/api/rate-codes/:id/items/:itemId', {
    config: { access: 'admin' },
    schema: { params: ZRateCodeItemParams, body: ZRateCodeItemUpdateBody, response: { 200: ZRateCodeResponse } },
  }, async (request) => {
    const { user } = requireUser(request);
    return updateRateCodeItem(db, {
      rateCodeId: request.params.id, itemId: request.params.itemId, body: request.body, viewer: user,
    });
  });

  app.delete('/api/rate-codes/:id/items/:itemId', { config: { access: 'admin' }, schema: { params: ZRateCodeItemParams } }, async (request, reply) => {
    requireUser(request);
    await deleteRateCodeItem(db, { rateCodeId: request.params.id, itemId: request.params.itemId });
    return reply.status(204).send();
  });
}
