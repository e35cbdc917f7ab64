import {
  ZApprovals, ZApprovalsQuery, ZCopyWeekBody, ZCopyWeekResult, ZJobTitles, ZJobTitlesQuery, ZTimesheet, ZTimesheetQuery,
  ZTimesheetRowBody, ZTimesheetSettings, ZWeekActionBody, ZWeekDecisionBody, ZWeekState,
} from '../../../../core/api/timesheet.ts';
import type { AppContext } from '../../../app-context.ts';
import { requireUser } from '../../../http/session.ts';
import { jobTitlesFor } from '../entries/rates.ts';
import { approvalsQueue } from './approvals.ts';
import { addRow, copyLastWeek, removeRow } from './rows.ts';
import { readTimesheetSettings, saveTimesheetSettings } from './settings.ts';
import { readTimesheet } from './sheet.ts';
import { moveWeek, type WeekAction } from './week-actions.ts';
import { firmTodayIso } from '../../../../core/dates/iso-date.ts';

// Weeks that close (issue 25, docs/decisions/088): the weekly timesheet, its rows, the week's
// submit → approve → lock, the approvers' queue and the firm's time-keeping settings.

const admin = { access: 'admin' } as const;

export function timesheetRoutes({ app, db, env }: AppContext) {
  const today = () => firmTodayIso(env.TZ);

  app.get('/api/timesheet', { config: { access: 'user' }, schema: { querystring: ZTimesheetQuery, response: { 200: ZTimesheet } } }, async (request) =>
    readTimesheet(db, { viewer: requireUser(request).user, ...request.query, today: today() }));

  app.post('/api/timesheet/rows', { config: { access: 'user' }, schema: { body: ZTimesheetRowBody } }, async (request, reply) => {
    await addRow(db, { viewer: requireUser(request).user, body: request.body });
    return reply.status(204).send();
  });

  app.delete('/api/timesheet/rows', { config: { access: 'user' }, schema: { body: ZTimesheetRowBody } }, async (request, reply) => {
    await removeRow(db, { viewer: requireUser(request).user, body: request.body });
    return reply.status(204).send();
  });

  app.post('/api/timesheet/copy-last-week', { config: { access: 'user' }, schema: { body: ZCopyWeekBody, response: { 200: ZCopyWeekResult } } }, async (request) =>
    copyLastWeek(db, { viewer: requireUser(request).user, body: request.body }));

  app.get('/api/timesheet/job-titles', { config: { access: 'user' }, schema: { querystring: ZJobTitlesQuery, response: { 200: ZJobTitles } } }, async (request) => {
    requireUser(request);
    return { jobTitles: await jobTitlesFor(db, { projectId: request.query.projectId }) };
  });

  const actions: [WeekAction, typeof ZWeekActionBody | typeof ZWeekDecisionBody][] = [
    ['submit', ZWeekActionBody], ['withdraw', ZWeekActionBody], ['approve', ZWeekActionBody],
    ['reject', ZWeekDecisionBody], ['reopen', ZWeekDecisionBody],
  ];
  for (const [action, body] of actions) {
    app.post(`/api/timesheet/weeks/${action}`, { config: { access: 'user' }, schema: { body, response: { 200: ZWeekState } } }, async (request) =>
      moveWeek(db, { viewer: requireUser(request).user, action, body: request.body, today: today() }));
  }

  app.get('/api/timesheet/approvals', { config: admin, schema: { querystring: ZApprovalsQuery, response: { 200: ZApprovals } } },
    async (request) => approvalsQueue(db, { week: request.query.week, today: today(), viewer: requireUser(request).user }));

  app.get('/api/settings/timesheets', { config: { access: 'user' }, schema: { response: { 200: ZTimesheetSettings } } }, async (request) => {
    requireUser(request);
    return readTimesheetSettings(db);
  });

  app.put('/api/settings/timesheets', { config: admin, schema: { body: ZTimesheetSettings, response: { 200: ZTimesheetSettings } } },
    async (request) => saveTimesheetSettings(db, { actorId: requireUser(request).user.id, body: request.body }));
}
