import { ZErrorLogBody } from '../../../core/api/errors.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { throttle } from '../../http/throttle.ts';
import { logError } from './service.ts';

/** Error reports one signed-in browser may send a minute; more answer 429. */
const ERROR_LOGS_PER_MINUTE = 60;

export function errorLogRoutes({ app, db }: AppContext) {
  app.post('/api/error-logs', { config: { access: 'user' }, schema: { body: ZErrorLogBody } }, async (request, reply) => {
    const { user, sessionId } = requireUser(request);
    await throttle(db, `error-logs:${sessionId}`, ERROR_LOGS_PER_MINUTE);
    await logError(db, {
      ...request.body,
      userAgent: request.headers['user-agent'] ?? null,
      userId: user.id,
    });
    return reply.status(204).send();
  });
}
