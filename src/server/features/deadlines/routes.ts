import { z } from 'zod';
import {
  ZApplyChainBody, ZAssignableUsers, ZCaseDeadlines, ZCaseParams, ZChainTemplate, ZChainTemplateInput, ZChainTemplateList,
  ZChainTemplateUpdate, ZDeadlineInput, ZDeadlineParams, ZDeadlineReminders, ZDeadlineUpdate, ZMoveTriggerBody, ZReminderSettings,
  ZReminderSettingsBody, ZUpcomingDeadlines,
} from '../../../core/api/deadlines.ts';
import { firmTodayIso } from '../../../core/dates/iso-date.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { CalendarConnection } from '../calendar/index.ts';
import { registerDeadlineCalendar } from './calendar-sync.ts';
import { assignableUsers, caseDeadlines, upcomingDeadlines } from './reads.ts';
import { dismissReminder, myReminders, registerReminders } from './reminders.ts';
import {
  addDeadline, applyChain, followChainAgain, moveTrigger, removeChain, removeDeadline, updateDeadline,
} from './service.ts';
import {
  createTemplate, listTemplates, reminderSettings, removeTemplate, saveReminderSettings, updateTemplate,
} from './settings.ts';

// Case deadlines and deadline chains (issue 41, docs/decisions/132, 133). Reads: any signed-in
// user; writes: admins and super admins, as every case write; Settings → Deadlines: admins.
export function deadlineRoutes(context: AppContext) {
  const { app, db, env, jobs } = context;
  const today = () => firmTodayIso(env.TZ);
  registerReminders(jobs, { db, firmName: env.FIRM_NAME, publicUrl: env.PUBLIC_URL, today });
  registerDeadlineCalendar(jobs, { db, connection: new CalendarConnection(db, env, context.tokenCipher, context.sessionSecret) });

  const user = { access: 'user' } as const;
  const admin = { access: 'admin' } as const;
  const answer = { response: { 200: ZCaseDeadlines } };
  const byId = { params: ZDeadlineParams };

  app.get('/api/cases/:id/deadlines', { config: user, schema: { params: ZCaseParams, ...answer } }, async (request) => {
    requireUser(request);
    return caseDeadlines(db, request.params.id);
  });
  app.post('/api/cases/:id/deadlines', { config: admin, schema: { params: ZCaseParams, body: ZDeadlineInput, response: { 201: ZCaseDeadlines } } },
    async (request, reply) => {
      const { user: actor } = requireUser(request);
      return reply.status(201).send(await addDeadline(db, { actorId: actor.id, today: today(), caseId: request.params.id, input: request.body }));
    });
  app.put('/api/deadlines/:id', { config: admin, schema: { ...byId, body: ZDeadlineUpdate, ...answer } }, async (request) => {
    const { user: actor } = requireUser(request);
    return updateDeadline(db, { actorId: actor.id, today: today(), id: request.params.id, body: request.body });
  });
  app.post('/api/deadlines/:id/follow-chain', { config: admin, schema: { ...byId, body: z.object({ version: z.number().int() }), ...answer } },
    async (request) => {
      const { user: actor } = requireUser(request);
      return followChainAgain(db, { actorId: actor.id, today: today(), id: request.params.id, version: request.body.version });
    });
  app.delete('/api/deadlines/:id', { config: admin, schema: { ...byId, ...answer } }, async (request) => {
    const { user: actor } = requireUser(request);
    return removeDeadline(db, { actorId: actor.id, id: request.params.id });
  });

  app.post('/api/cases/:id/deadline-chains', {
    config: admin, schema: { params: ZCaseParams, body: ZApplyChainBody, response: { 201: ZCaseDeadlines } },
  }, async (request, reply) => {
    const { user: actor } = requireUser(request);
    return reply.status(201).send(await applyChain(db, { actorId: actor.id, today: today(), caseId: request.params.id, ...request.body }));
  });
  app.put('/api/deadline-chains/:id', { config: admin, schema: { ...byId, body: ZMoveTriggerBody, ...answer } }, async (request) => {
    const { user: actor } = requireUser(request);
    return moveTrigger(db, { actorId: actor.id, today: today(), chainId: request.params.id, ...request.body });
  });
  app.delete('/api/deadline-chains/:id', { config: admin, schema: { ...byId, ...answer } }, async (request) => {
    const { user: actor } = requireUser(request);
    return removeChain(db, { actorId: actor.id, chainId: request.params.id });
  });

  app.get('/api/deadlines/upcoming', { config: user, schema: { response: { 200: ZUpcomingDeadlines } } }, async (request) => {
    requireUser(request);
    return upcomingDeadlines(db, today());
  });
  app.get('/api/deadlines/assignable-users', { config: user, schema: { response: { 200: ZAssignableUsers } } }, async (request) => {
    requireUser(request);
    return assignableUsers(db);
  });
  app.get('/api/deadlines/reminders', { config: user, schema: { response: { 200: ZDeadlineReminders } } }, async (request) => {
    const { user: me } = requireUser(request);
    return myReminders(db, me.id, today());
  });
  app.post('/api/deadlines/reminders/:id/dismiss', { config: user, schema: { ...byId, response: { 204: z.null() } } }, async (request, reply) => {
    const { user: me } = requireUser(request);
    await dismissReminder(db, { userId: me.id, id: request.params.id });
    return reply.status(204).send(null);
  });

  // Settings → Deadlines. The templates are read by whoever applies one (admins) and listed to everyone.
  app.get('/api/deadline-templates', { config: user, schema: { response: { 200: ZChainTemplateList } } }, async (request) => {
    requireUser(request);
    return { templates: await listTemplates(db) };
  });
  app.post('/api/deadline-templates', { config: admin, schema: { body: ZChainTemplateInput, response: { 201: ZChainTemplate } } },
    async (request, reply) => {
      const { user: actor } = requireUser(request);
      return reply.status(201).send(await createTemplate(db, { actorId: actor.id, input: request.body }));
    });
  app.put('/api/deadline-templates/:id', { config: admin, schema: { ...byId, body: ZChainTemplateUpdate, response: { 200: ZChainTemplate } } },
    async (request) => {
      requireUser(request);
      const { version, ...input } = request.body;
      return updateTemplate(db, { id: request.params.id, version, input });
    });
  app.delete('/api/deadline-templates/:id', { config: admin, schema: { ...byId, response: { 204: z.null() } } }, async (request, reply) => {
    requireUser(request);
    await removeTemplate(db, request.params.id);
    return reply.status(204).send(null);
  });
  app.get('/api/settings/deadlines', { config: admin, schema: { response: { 200: ZReminderSettings } } }, async (request) => {
    requireUser(request);
    return reminderSettings(db);
  });
  app.put('/api/settings/deadlines', { config: admin, schema: { body: ZReminderSettingsBody, response: { 200: ZReminderSettings } } },
    async (request) => {
      const { user: actor } = requireUser(request);
      return saveReminderSettings(db, { actorId: actor.id, ...request.body });
    });
}
