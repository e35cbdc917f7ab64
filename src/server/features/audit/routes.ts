import { ZAuditActors, ZAuditPage, ZAuditQuery, ZHistoryParams } from '../../../core/api/audit.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { auditActors, browseAudit } from './service.ts';

const admin = { role: 'admin' } as const;
const HISTORY_LIMIT = 200;

/** The audit log browser of Admin Settings and the History panels: admins only (docs/decisions/071). */
export function auditRoutes({ app, db }: AppContext) {
  app.get('/api/audit', { config: admin, schema: { querystring: ZAuditQuery, response: { 200: ZAuditPage } } }, async (request) => {
    const auth = requireUser(request);
    return browseAudit(db, request.query, auth.user);
  });

  app.get('/api/audit/actors', { config: admin, schema: { response: { 200: ZAuditActors } } }, async (request) => {
    requireUser(request);
    return auditActors(db);
  });

  app.get('/api/audit/history/:table/:id', { config: admin, schema: { params: ZHistoryParams, response: { 200: ZAuditPage } } },
    async (request) => {
      const auth = requireUser(request);
      return browseAudit(db, { table: request.params.table, rowId: request.params.id, limit: HISTORY_LIMIT }, auth.user);
    });
}
