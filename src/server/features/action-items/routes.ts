import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import {
  ZActionItem, ZActionItemCreate, ZActionItemList, ZActionItemListQuery, ZActionItemUpdate, ZAssignableUsers,
} from '../../../core/api/action-items.ts';
import { ZActionItemsReportQuery } from '../../../core/api/action-items-report.ts';
import { requireUser } from '../../http/session.ts';
import { loadLetterhead } from '../../documents/firm-letterhead.ts';
import { sendPdf } from '../../documents/send.ts';
import {
  createActionItem, deleteActionItem, getActionItem, listActionItems, listAssignableUsers, updateActionItem,
} from './service.ts';
import { actionItemEventRoutes } from './events.ts';
import { actionItemsReport } from './report.ts';
import { firmToday } from '../../../core/dates/iso-date.ts';

const ZIdParams = z.object({ id: z.uuid() });

// SPEC §6: action items are open to every signed-in user, whatever the role.
export async function actionItemRoutes(context: AppContext) {
  const { app, db, env } = context;

  app.get('/api/action-items', {
    config: { access: 'user' },
    schema: { querystring: ZActionItemListQuery, response: { 200: ZActionItemList } },
  }, async (request) => {
    requireUser(request);
    return listActionItems(db, { projectId: request.query.projectId });
  });

  app.get('/api/action-items/assignable-users', { config: { access: 'user' }, schema: { response: { 200: ZAssignableUsers } } }, async (request) => {
    requireUser(request);
    return { users: await listAssignableUsers(db) };
  });

  // The PDF report (SPEC §9): made on the server, the browser only downloads it.
  app.get('/api/action-items/report.pdf', { config: { access: 'user' }, schema: { querystring: ZActionItemsReportQuery } }, async (request, reply) => {
    requireUser(request);
    const { pdf, fileName } = await actionItemsReport(db, {
      query: request.query,
      documents: context.documents,
      letterhead: await loadLetterhead(db, env.FIRM_NAME),
      today: firmToday(env.TZ),
    });
    return sendPdf(reply, pdf, fileName);
  });

  app.get('/api/action-items/:id', { config: { access: 'user' }, schema: { params: ZIdParams, response: { 200: ZActionItem } } }, async (request) => {
    requireUser(request);
    return getActionItem(db, request.params.id);
  });

  app.post('/api/action-items', {
    config: { access: 'user' },
    schema: { body: ZActionItemCreate, response: { 201: ZActionItem } },
  }, async (request, reply) => {
    const { user } = requireUser(request);
    const item = await createActionItem(db, { actorId: user.id, input: request.body });
    return reply.status(201).send(item);
  });

  app.patch('/api/action-items/:id', {
    config: { access: 'user' },
    schema: { params: ZIdParams, body: ZActionItemUpdate, response: { 200: ZActionItem } },
  }, async (request) => {
    const { user } = requireUser(request);
    return updateActionItem(db, { actorId: user.id, id: request.params.id, input: request.body });
  });

  app.delete('/api/action-items/:id', { config: { access: 'user' }, schema: { params: ZIdParams } }, async (request, reply) => {
    const { user } = requireUser(request);
    await deleteActionItem(db, { actorId: user.id, id: request.params.id });
    return reply.status(204).send();
  });

  await actionItemEventRoutes(context);
}
