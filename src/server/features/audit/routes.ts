import { ZAuditActors, ZAuditChainVerdict, ZAuditFilters, ZAuditPage, ZAuditQuery, ZHistoryParams } from '../../../core/api/audit.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { sealAuditLog, verifyAuditLog } from './chain.ts';
import { auditCsv, auditFileName } from './export-csv.ts';
import { auditActors, browseAudit } from './service.ts';
import { firmTodayIso } from '../../../core/dates/iso-date.ts';

const admin = { access: 'admin' } as const;
const HISTORY_LIMIT = 200;
/** How often the audit log's new rows are sealed into its chain (ADR 141): a row is unprotected at most this long. */
const AUDIT_SEAL_SCHEDULE = 'audit.seal';
const AUDIT_SEAL_EVERY_MS = 5 * 60_000;

/** The audit log of Settings, its CSV, and the History panels: admins only (docs/decisions/071, 097). */
export function auditRoutes({ app, db, env, jobs }: AppContext) {
  // The chain keeps up by itself: one instance at a time seals what was written since (the head's row lock orders sealers).
  jobs.every(AUDIT_SEAL_SCHEDULE, { everyMs: AUDIT_SEAL_EVERY_MS }, async () => void (await sealAuditLog(db)), { runAtStart: true, retryMs: 30_000 });
  const viewer = (user: { isSuperAdmin: boolean }) => ({ isSuperAdmin: user.isSuperAdmin, timeZone: env.TZ });

  app.get('/api/audit', { config: admin, schema: { querystring: ZAuditQuery, response: { 200: ZAuditPage } } }, async (request) => {
    const auth = requireUser(request);
    return browseAudit(db, request.query, viewer(auth.user));
  });

  app.get('/api/audit/export.csv', { config: admin, schema: { querystring: ZAuditFilters } }, async (request, reply) => {
    const auth = requireUser(request);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${auditFileName(firmTodayIso(env.TZ))}"`)
      .header('cache-control', 'no-store')
      .send(auditCsv(db, request.query, viewer(auth.user)));
  });

  // The audit log's SHA-256 chain: seals the rows written since, then recomputes every link (ADR 141).
  app.post('/api/audit/verify', { config: admin, schema: { response: { 200: ZAuditChainVerdict } } }, async (request) => {
    requireUser(request);
    return verifyAuditLog(db);
  });

  app.get('/api/audit/actors', { config: admin, schema: { response: { 200: ZAuditActors } } }, async (request) => {
    requireUser(request);
    return auditActors(db);
  });

  app.get('/api/audit/history/:table/:id', { config: admin, schema: { params: ZHistoryParams, response: { 200: ZAuditPage } } },
    async (request) => {
      const auth = requireUser(request);
      return browseAudit(db, { table: request.params.table, rowId: request.params.id, limit: HISTORY_LIMIT }, viewer(auth.user));
    });
}
