import { ZProjectSearchQuery, ZProjectSearchResponse } from '../../../../core/api/projects.ts';
import {
  ZDeleteQuery, ZEntryIdParams, ZExpenseEntryBody, ZExpenseEntryResponse, ZProjectEntriesResponse, ZProjectIdParams,
  ZTimeEntryBody, ZTimeEntryResponse,
} from '../../../../core/api/time-tracking.ts';
import type { AppContext } from '../../../app-context.ts';
import { requireUser } from '../../../http/session.ts';
import { deleteExpenseEntry, saveExpenseEntry } from './expense-entries.ts';
import { projectEntries } from './project-entries.ts';
import { searchProjects } from './project-search.ts';
import { deleteTimeEntry, saveTimeEntry } from '../entries/write.ts';

export function timeTrackingRoutes({ app, db }: AppContext) {
  app.get('/api/projects/search', {
    config: { access: 'user' },
    schema: { querystring: ZProjectSearchQuery, response: { 200: ZProjectSearchResponse } },
  }, async (request) => {
    requireUser(request);
    return { projects: await searchProjects(db, { q: request.query.q }) };
  });

  app.get('/api/time-tracking/projects/:projectId', {
    config: { access: 'user' },
    schema: { params: ZProjectIdParams, response: { 200: ZProjectEntriesResponse } },
  }, async (request) => projectEntries(db, { projectId: request.params.projectId, viewer: requireUser(request).user }));

  app.put('/api/time-entries/:id', {
    config: { access: 'user' },
    schema: { params: ZEntryIdParams, body: ZTimeEntryBody, response: { 200: ZTimeEntryResponse } },
  }, async (request) => saveTimeEntry(db, { id: request.params.id, body: request.body, viewer: requireUser(request).user }));

  app.delete('/api/time-entries/:id', {
    config: { access: 'user' },
    schema: { params: ZEntryIdParams, querystring: ZDeleteQuery },
  }, async (request, reply) => {
    const { user } = requireUser(request);
    await deleteTimeEntry(db, { id: request.params.id, version: request.query.version, viewer: user });
    return reply.status(204).send();
  });

  app.put('/api/expense-entries/:id', {
    config: { access: 'user' },
    schema: { params: ZEntryIdParams, body: ZExpenseEntryBody, response: { 200: ZExpenseEntryResponse } },
  }, async (request) => ({
    entry: await saveExpenseEntry(db, { id: request.params.id, body: request.body, viewer: requireUser(request).user }),
  }));

  app.delete('/api/expense-entries/:id', {
    config: { access: 'user' },
    schema: { params: ZEntryIdParams, querystring: ZDeleteQuery },
  }, async (request, reply) => {
    const { user } = requireUser(request);
    await deleteExpenseEntry(db, { id: request.params.id, version: request.query.version, viewer: user });
    return reply.status(204).send();
  });
}
