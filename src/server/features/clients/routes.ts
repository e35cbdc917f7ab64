import { z } from 'zod';
import {
  ZCaseCreate, ZCaseDetail, ZCaseList, ZCaseListQuery, ZCaseUpdate, ZClient, ZClientDetail, ZClientInput, ZClientList,
  ZClientListQuery, ZClientSearch, ZClientSearchQuery, ZClientUpdate, ZCustomRates, ZCustomRatesUpdate, ZDraftList, ZIdParams,
  ZProject, ZProjectCreate, ZProjectDetail, ZProjectUpdate,
} from '../../../core/api/clients.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { createCase, deleteCase, getCase, listCases, updateCase } from './cases-service.ts';
import {
  completeClient, createClient, deleteClient, getClient, listClients, listDrafts, updateClient,
} from './clients-service.ts';
import { createProject, deleteProject, getProject, makePrimary, updateProject } from './projects-service.ts';
import { getCustomRates, saveCustomRates } from './rates-service.ts';
import { searchClients } from './search-service.ts';

// Reads: any signed-in user. Writes: admin and super_admin (403 otherwise). Rates: super_admin.
export function clientRoutes({ app, db }: AppContext) {
  const id = { params: ZIdParams };
  const noContent = { 204: z.null() };

  // Clients ---------------------------------------------------------------------------
  app.get('/api/clients', { config: { access: 'user' }, schema: { querystring: ZClientListQuery, response: { 200: ZClientList } } }, async (request) => {
    requireUser(request);
    const { q, offset, limit } = request.query;
    if (q) {
      const clients = await searchClients(db, q);
      return { clients, total: clients.length };
    }
    return listClients(db, { offset, limit });
  });
  app.get('/api/clients/search', { config: { access: 'user' }, schema: { querystring: ZClientSearchQuery, response: { 200: ZClientSearch } } }, async (request) => {
    requireUser(request);
    return { clients: await searchClients(db, request.query.q) };
  });
  app.get('/api/clients/drafts', { config: { access: 'user' }, schema: { response: { 200: ZDraftList } } }, async (request) => {
    requireUser(request);
    return { drafts: await listDrafts(db) };
  });
  app.get('/api/clients/:id', { config: { access: 'user' }, schema: { ...id, response: { 200: ZClientDetail } } }, async (request) => {
    requireUser(request);
    return getClient(db, request.params.id);
  });
  app.post('/api/clients', { config: { access: 'admin' }, schema: { body: ZClientInput, response: { 201: ZClient } } }, async (request, reply) => {
    const { user } = requireUser(request);
    return reply.status(201).send(await createClient(db, { actorId: user.id, input: request.body }));
  });
  app.put('/api/clients/:id', { config: { access: 'admin' }, schema: { ...id, body: ZClientUpdate, response: { 200: ZClient } } }, async (request) => {
    const { user } = requireUser(request);
    const { version, ...input } = request.body;
    return updateClient(db, { actorId: user.id, id: request.params.id, version, input });
  });
  app.post('/api/clients/:id/complete', { config: { access: 'admin' }, schema: { ...id, response: { 200: ZClient } } }, async (request) => {
    const { user } = requireUser(request);
    return completeClient(db, { actorId: user.id, id: request.params.id });
  });
  app.delete('/api/clients/:id', { config: { access: 'admin' }, schema: { ...id, response: noContent } }, async (request, reply) => {
    const { user } = requireUser(request);
    await deleteClient(db, { actorId: user.id, id: request.params.id });
    return reply.status(204).send(null);
  });

  // Cases -----------------------------------------------------------------------------
  app.get('/api/cases', { config: { access: 'user' }, schema: { querystring: ZCaseListQuery, response: { 200: ZCaseList } } }, async (request) => {
    requireUser(request);
    return { cases: await listCases(db, request.query) };
  });
  app.get('/api/cases/:id', { config: { access: 'user' }, schema: { ...id, response: { 200: ZCaseDetail } } }, async (request) => {
    requireUser(request);
    return getCase(db, request.params.id);
  });
  app.post('/api/cases', { config: { access: 'admin' }, schema: { body: ZCaseCreate, response: { 201: ZCaseDetail } } }, async (request, reply) => {
    const { user } = requireUser(request);
    const { clientId, parties, conflictCheckId, ...input } = request.body;
    return reply.status(201).send(await createCase(db, { actorId: user.id, clientId, input, parties, conflictCheckId }));
  });
  app.put('/api/cases/:id', { config: { access: 'admin' }, schema: { ...id, body: ZCaseUpdate, response: { 200: ZCaseDetail } } }, async (request) => {
    const { user } = requireUser(request);
    const { version, ...input } = request.body;
    return updateCase(db, { actorId: user.id, id: request.params.id, version, input });
  });
  app.delete('/api/cases/:id', { config: { access: 'admin' }, schema: { ...id, response: noContent } }, async (request, reply) => {
    const { user } = requireUser(request);
    await deleteCase(db, { actorId: user.id, id: request.params.id });
    return reply.status(204).send(null);
  });
  app.get('/api/cases/:id/custom-rates', { config: { access: 'super_admin' }, schema: { ...id, response: { 200: ZCustomRates } } }, async (request) => {
    requireUser(request);
    return getCustomRates(db, request.params.id);
  });
  app.put('/api/cases/:id/custom-rates', { config: { access: 'super_admin' }, schema: { ...id, body: ZCustomRatesUpdate, response: { 200: ZCustomRates } } }, async (request) => {
    const { user } = requireUser(request);
    return saveCustomRates(db, { actorId: user.id, caseId: request.params.id, update: request.body });
  });

  // Projects --------------------------------------------------------------------------
  app.get('/api/projects/:id', { config: { access: 'user' }, schema: { ...id, response: { 200: ZProjectDetail } } }, async (request) => {
    requireUser(request);
    return getProject(db, request.params.id);
  });
  app.post('/api/projects', { config: { access: 'admin' }, schema: { body: ZProjectCreate, response: { 201: ZProject } } }, async (request, reply) => {
    const { user } = requireUser(request);
    const { caseId, ...input } = request.body;
    return reply.status(201).send(await createProject(db, { actorId: user.id, caseId, input }));
  });
  app.put('/api/projects/:id', { config: { access: 'admin' }, schema: { ...id, body: ZProjectUpdate, response: { 200: ZProject } } }, async (request) => {
    const { user } = requireUser(request);
    const { version, ...input } = request.body;
    return updateProject(db, { actorId: user.id, id: request.params.id, version, input });
  });
  app.post('/api/projects/:id/primary', { config: { access: 'admin' }, schema: { ...id, response: { 200: ZProject } } }, async (request) => {
    const { user } = requireUser(request);
    return makePrimary(db, { actorId: user.id, id: request.params.id });
  });
  app.delete('/api/projects/:id', { config: { access: 'admin' }, schema: { ...id, response: noContent } }, async (request, reply) => {
    const { user } = requireUser(request);
    await deleteProject(db, { actorId: user.id, id: request.params.id });
    return reply.status(204).send(null);
  });
}
