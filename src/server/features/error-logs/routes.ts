import { ZErrorLogBody } from '../../../core/api/errors.ts';
import type { AppContext } from '../../app.ts';
import { requireUser } from '../../http/session.ts';
import { logError } from './service.ts';

export function errorLogRoutes({ app, db }: AppContext) {
  app.post('/api/error-logs', { schema: { body: ZErrorLogBody } }, async (request, reply) => {
    const { user } = requireUser(request);
    await logError(db, {
      ...request.body,
      userAgent: request.headers['user-agent'] ?? null,
      userId: user.id,
    });
    return reply.status(204).send();
  });
}
