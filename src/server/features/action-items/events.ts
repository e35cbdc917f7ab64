import type { AppContext } from '../../app-context.ts';
import { ZActionItemEvent, ZEventsQuery } from '../../../core/api/action-items.ts';
import { requireUser, SESSION_COOKIE } from '../../http/session.ts';
import { findSession } from '../auth/index.ts';

const ACTION_ITEMS_CHANNEL = 'action_items';

/**
 * Live updates (SPEC §4, §7 realtime): the action_items trigger NOTIFYs on every change; this
 * process LISTENs once and forwards each change to the browsers streaming
 * GET /api/action-items/events (one project, or all without projectId). A change made through
 * another app process on the same PostgreSQL arrives the same way.
 */
export async function actionItemEventRoutes({ app, database, sessionConfig, liveUpdates: hub }: AppContext) {
  const unlisten = await database.listen(ACTION_ITEMS_CHANNEL, (payload) => {
    let parsed;
    try {
      parsed = ZActionItemEvent.safeParse(JSON.parse(payload));
    } catch {
      return;
    }
    if (!parsed.success) return;
    hub.publish(parsed.data.project_id, 'change', parsed.data);
  });

  // Open streams would keep server.close() waiting: end them first, then stop listening.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => {
    hub.close();
    await unlisten();
  });

  app.get('/api/action-items/events', { config: { access: 'user' }, schema: { querystring: ZEventsQuery } }, async (request, reply) => {
    requireUser(request);
    const token = request.cookies[SESSION_COOKIE]!;
    reply.hijack();
    hub.open(reply.raw, request.query.projectId ?? null, { 'cache-control': 'no-store' },
      async () => (await findSession(database.db, token, sessionConfig)) !== null);
  });
}
