import { z } from 'zod';
import {
  ZRateCodeCreateBody, ZRateCodeItemCreateBody, ZRateCodeItemParams, ZRateCodeItemUpdateBody, ZRateCodeListResponse,
  ZRateCodeParams, ZRateCodeResponse, ZRateCodeUpdateBody,
} from '../../../core/api/rate-codes.ts';
import { ZRateChangeCreate, ZRateCodeFeeRulesUpdate } from '../../../core/api/fee-rules.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import {
  addRateCodeItem, createRateCode, deleteRateCode, deleteRateCodeItem, getRateCode, listRateCodes, updateRateCode,
  updateRateCodeItem,
} from './service.ts';
import { addRateChange, deleteRateChange, setRateCodeFeeRules } from './fee-rules.ts';

const ZRateChangeParams = ZRateCodeItemParams.extend({ rateId: z.guid() });

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

  // Fee rules and rate changes are money: super admins only (docs/decisions/138).
  app.put('/api/rate-codes/:id/fee-rules', {
    config: { access: 'super_admin' },
    schema: { params: ZRateCodeParams, body: ZRateCodeFeeRulesUpdate, response: { 200: ZRateCodeResponse } },
  }, async (request) => setRateCodeFeeRules(db, { id: request.params.id, body: request.body, viewer: requireUser(request).user }));

  app.post('/api/rate-codes/:id/items/:itemId/rates', {
    config: { access: 'super_admin' },
    schema: { params: ZRateCodeItemParams, body: ZRateChangeCreate, response: { 201: ZRateCodeResponse } },
  }, async (request, reply) => reply.status(201).send(await addRateChange(db, {
    rateCodeId: request.params.id, itemId: request.params.itemId, body: request.body, viewer: requireUser(request).user,
  })));

  app.delete('/api/rate-codes/:id/items/:itemId/rates/:rateId', {
    config: { access: 'super_admin' },
    schema: { params: ZRateChangeParams, response: { 200: ZRateCodeResponse } },
  }, async (request) => deleteRateChange(db, {
    rateCodeId: request.params.id, itemId: request.params.itemId, rateId: request.params.rateId, viewer: requireUser(request).user,
  }));
}
