import type { FastifyInstance } from 'fastify';
import { findNul, LIMIT_MESSAGES } from '../../core/limits.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * One rule for every route, present and future: text PostgreSQL cannot store (a NUL character)
 * is refused with 400 before any schema or service sees it (docs/decisions/034).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts = { body: request.body, query: request.query, params: request.params };
    for (const [part, value] of Object.entries(parts)) {
      const path = findNul(value);
      if (path) throw new AppError('INVALID_FORMAT', undefined, [{ path: `${part}${path === '/' ? '' : path}`, message: LIMIT_MESSAGES.nul }]);
    }
  });
}
