import { z } from 'zod';
import {
  ZCaseConflicts, ZCheckIdParams, ZConflictCheck, ZConflictDecisionBody, ZConflictQuery, ZWaiver,
} from '../../../core/api/conflicts.ts';
import { ZIdParams } from '../../../core/api/clients.ts';
import { ZParty, ZPartyInput, ZPartyList, ZPartyParams, ZPartyUpdate } from '../../../core/api/parties.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { readNamedFiles } from '../../uploads/multipart.ts';
import { caseConflicts, getCheck, runCheck } from './checks-service.ts';
import { decide, readWaiver, storeWaiver } from './decisions-service.ts';
import { addParty, listParties, removeParty, updateParty } from './parties-service.ts';

// Parties and conflict checks (issue 39, docs/decisions/120). Reads: any signed-in user. Writes,
// checks and decisions: admin and super_admin, as every case write.
export function conflictRoutes({ app, db }: AppContext) {
  const id = { params: ZIdParams };
  const partyWrite = z.object({ party: ZParty, check: ZConflictCheck.nullable() });

  app.get('/api/cases/:id/parties', { config: { access: 'user' }, schema: { ...id, response: { 200: ZPartyList } } }, async (request) => {
    requireUser(request);
    return { parties: await listParties(db, request.params.id) };
  });
  app.post('/api/cases/:id/parties', { config: { access: 'admin' }, schema: { ...id, body: ZPartyInput, response: { 201: partyWrite } } },
    async (request, reply) => {
      const { user } = requireUser(request);
      return reply.status(201).send(await addParty(db, { actorId: user.id, caseId: request.params.id, input: request.body }));
    });
  app.put('/api/cases/:id/parties/:partyId', { config: { access: 'admin' }, schema: { params: ZPartyParams, body: ZPartyUpdate, response: { 200: partyWrite } } },
    async (request) => {
      const { user } = requireUser(request);
      const { version, ...input } = request.body;
      return updateParty(db, { actorId: user.id, caseId: request.params.id, id: request.params.partyId, version, input });
    });
  app.delete('/api/cases/:id/parties/:partyId', { config: { access: 'admin' }, schema: { params: ZPartyParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { user } = requireUser(request);
      await removeParty(db, { actorId: user.id, caseId: request.params.id, id: request.params.partyId });
      return reply.status(204).send(null);
    });

  app.get('/api/cases/:id/conflict-checks', { config: { access: 'user' }, schema: { ...id, response: { 200: ZCaseConflicts } } }, async (request) => {
    requireUser(request);
    return caseConflicts(db, request.params.id);
  });
  app.post('/api/cases/:id/conflict-checks', { config: { access: 'admin' }, schema: { ...id, response: { 201: ZConflictCheck } } },
    async (request, reply) => {
      const { user } = requireUser(request);
      return reply.status(201).send(await runCheck(db, { actorId: user.id, caseId: request.params.id }));
    });
  // At intake: the prospective client, parties, numbers and address, before any case exists.
  app.post('/api/conflict-checks', { config: { access: 'admin' }, schema: { body: ZConflictQuery, response: { 201: ZConflictCheck } } },
    async (request, reply) => {
      const { user } = requireUser(request);
      return reply.status(201).send(await runCheck(db, { actorId: user.id, caseId: null, query: request.body }));
    });
  app.get('/api/conflict-checks/:checkId', { config: { access: 'user' }, schema: { params: ZCheckIdParams, response: { 200: ZConflictCheck } } },
    async (request) => {
      requireUser(request);
      return getCheck(db, request.params.checkId);
    });
  app.post('/api/conflict-checks/:checkId/decision', {
    config: { access: 'admin' }, schema: { params: ZCheckIdParams, body: ZConflictDecisionBody, response: { 200: ZConflictCheck } },
  }, async (request) => {
    const { user } = requireUser(request);
    return decide(db, { actorId: user.id, checkId: request.params.checkId, body: request.body });
  });

  // The signed waiver: one file part named "file" (PDF, JPEG or PNG), before the decision names it.
  app.post('/api/conflict-waivers', { config: { access: 'admin' }, schema: { response: { 201: ZWaiver } } }, async (request, reply) => {
    const { user } = requireUser(request);
    const files = await readNamedFiles(request, ['file']);
    return reply.status(201).send(await storeWaiver(db, { actorId: user.id, file: files.file }));
  });
  app.get('/api/conflict-waivers/:id', { config: { access: 'user' }, schema: id }, async (request, reply) => {
    requireUser(request);
    const waiver = await readWaiver(db, request.params.id);
    return reply.header('content-type', waiver.content_type)
      .header('content-disposition', `attachment; filename="${waiver.file_name.replace(/[^\w.-]+/g, '_')}"`).send(waiver.bytes);
  });
}
