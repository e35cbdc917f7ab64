import type { FastifyRequest } from 'fastify';
import {
  ZCalendarClientIdBody, ZCalendarClientSecretBody, ZCalendarConnection, ZClearResult, ZCalendarTestResult, ZConnectStart, ZEmptyBody, ZItemParams, ZOAuthCallbackBody, ZRemovalResult,
  ZSyncStatus, ZSyncStatusQuery, ZSyncSummary,
} from '../../../core/api/calendar.ts';
import { CALENDAR_BACKGROUND_REFRESH_WINDOW_MS, CALENDAR_CHECK_INTERVAL_MS } from '../../../core/constants.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { rearm } from '../../jobs/queue.ts';
import { CalendarConnection, type ConnectionStatus } from './connection.ts';
import { calendarFeedRoutes } from './feed-routes.ts';
import { publishSyncProgress } from './progress.ts';
import { clearFailed, removeFromCalendar, syncNow, syncStatus, syncStatuses, unlinkFromCalendar } from './sync-service.ts';
import { CALENDAR_QUEUE, registerCalendarWorker } from './sync-worker.ts';

/** Where the provider sends the browser back: PUBLIC_URL, else this request's own origin (proxies per TRUST_PROXY). */
const redirectUri = (request: FastifyRequest, publicUrl: string | undefined) =>
  `${(publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '')}/settings`;

/** The calendar plugin: the sync worker, the token-refresh schedule and the routes. Google Calendar: the connection (admins), the sync queue (everyone), per-item removal, the feed. */
export async function calendarPlugin(context: AppContext) {
  const { app, db, env, jobs } = context;
  const connection = new CalendarConnection(db, env, context.tokenCipher, context.sessionSecret);
  await connection.verifyKey();
  registerCalendarWorker(jobs, { db, connection, timeZone: env.TZ });
  jobs.every('calendar-token-refresh', { everyMs: CALENDAR_CHECK_INTERVAL_MS },
    () => connection.refreshIfExpiring(CALENDAR_BACKGROUND_REFRESH_WINDOW_MS), { runAtStart: true });
  await publishSyncProgress(context, () => syncStatuses(db, connection));

  const admin = { access: 'admin' } as const;
  // Every answer about the connection names the exact redirect URI to register with Google.
  const withUri = async (request: FastifyRequest, status: Promise<ConnectionStatus>) =>
    ({ ...(await status), redirectUri: redirectUri(request, env.PUBLIC_URL) });

  app.get('/api/calendar/connection', { config: admin, schema: { response: { 200: ZCalendarConnection } } }, async (request) => {
    requireUser(request);
    return withUri(request, connection.status());
  });

  app.put('/api/calendar/client-id', { config: { ...admin, sessionOnly: true }, schema: { body: ZCalendarClientIdBody, response: { 200: ZCalendarConnection } } },
    async (request) => {
      const { user } = requireUser(request);
      return withUri(request, connection.saveClientId(request.body.clientId, user.id));
    });

  app.put('/api/calendar/client-secret', { config: { ...admin, sessionOnly: true }, schema: { body: ZCalendarClientSecretBody, response: { 200: ZCalendarConnection } } },
    async (request) => {
      const { user } = requireUser(request);
      return withUri(request, connection.saveClientSecret(request.body.clientSecret, user.id));
    });

  app.post('/api/calendar/connect', { config: { ...admin, sessionOnly: true }, schema: { body: ZEmptyBody, response: { 200: ZConnectStart } } }, async (request) => {
    const auth = requireUser(request);
    return { url: await connection.startUrl(auth.sessionId, redirectUri(request, env.PUBLIC_URL)) };
  });

  app.post('/api/calendar/oauth/callback', { config: { ...admin, sessionOnly: true }, schema: { body: ZOAuthCallbackBody, response: { 200: ZCalendarConnection } } },
    async (request) => {
      const auth = requireUser(request);
      const status = connection.complete({
        ...request.body, sessionId: auth.sessionId, userId: auth.user.id, redirectUri: redirectUri(request, env.PUBLIC_URL),
      });
      // Items that waited for a connection go out now.
      await status;
      await rearm(db, CALENDAR_QUEUE);
      return withUri(request, status);
    });

  app.post('/api/calendar/disconnect', { config: admin, schema: { body: ZEmptyBody, response: { 200: ZCalendarConnection } } }, async (request) => {
    requireUser(request);
    return withUri(request, connection.disconnect());
  });

  app.post('/api/calendar/test', { config: admin, schema: { body: ZEmptyBody, response: { 200: ZCalendarTestResult } } }, async (request) => {
    requireUser(request);
    return connection.test(redirectUri(request, env.PUBLIC_URL));
  });

  app.get('/api/calendar/status', { config: { access: 'user' }, schema: { querystring: ZSyncStatusQuery, response: { 200: ZSyncStatus } } }, async (request) => {
    requireUser(request);
    return syncStatus(db, connection, request.query.projectId);
  });

  app.post('/api/calendar/sync-now', { config: { access: 'user' }, schema: { body: ZSyncStatusQuery, response: { 200: ZSyncSummary } } }, async (request) => {
    requireUser(request);
    return syncNow(db, connection, jobs, request.body.projectId);
  });

  app.post('/api/calendar/clear', { config: { access: 'user' }, schema: { body: ZSyncStatusQuery, response: { 200: ZClearResult } } }, async (request) => {
    requireUser(request);
    return { cleared: await clearFailed(db, request.body.projectId) };
  });

  app.post('/api/action-items/:id/calendar/remove', { config: { access: 'user' }, schema: { params: ZItemParams, body: ZEmptyBody, response: { 200: ZRemovalResult } } },
    async (request) => {
      const { user } = requireUser(request);
      const result = await removeFromCalendar(db, jobs, { actorId: user.id, id: request.params.id });
      return result;
    });

  app.post('/api/action-items/:id/calendar/unlink', { config: { access: 'user' }, schema: { params: ZItemParams, body: ZEmptyBody, response: { 200: ZRemovalResult } } },
    async (request) => {
      const { user } = requireUser(request);
      const result = await unlinkFromCalendar(db, { actorId: user.id, id: request.params.id });
      return result;
    });

  await calendarFeedRoutes(context);
}
