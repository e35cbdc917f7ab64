import {
  ZCaseIdParams, ZClientIdParams, ZPeriodQuery, ZRetainer, ZRetainerEntryCreate, ZRetainerNotices, ZRetainerThreshold, ZStatement,
} from '../../../../core/api/accounting.ts';
import { statementFileName } from '../../../../core/billing/statement-pdf.ts';
import type { AppContext } from '../../../app-context.ts';
import { requireUser } from '../../../http/session.ts';
import { loadLetterhead } from '../../../documents/firm-letterhead.ts';
import { sendPdf } from '../../../documents/send.ts';
import { addRetainerEntry, retainerNotices, retainerOf, setRetainerThreshold } from './retainers.ts';
import { clientStatement } from './statement.ts';
import { firmTodayIso } from '../../../../core/dates/iso-date.ts';

// Retainers per case and statements of account per client (issue 24): money, so super admins
// only, refused with 403 for everyone else.

const superAdmin = { access: 'super_admin' } as const;

export function retainerStatementRoutes({ app, db, env, documents }: Pick<AppContext, 'app' | 'db' | 'env' | 'documents'>) {
  app.get('/api/cases/:caseId/retainer', {
    config: superAdmin, schema: { params: ZCaseIdParams, response: { 200: ZRetainer } },
  }, async (request) => retainerOf(db, request.params.caseId));

  app.post('/api/cases/:caseId/retainer', {
    config: superAdmin, schema: { params: ZCaseIdParams, body: ZRetainerEntryCreate, response: { 201: ZRetainer } },
  }, async (request, reply) => reply.status(201).send(await addRetainerEntry(db, {
    caseId: request.params.caseId, body: request.body, actorId: requireUser(request).user.id,
  })));

  app.put('/api/cases/:caseId/retainer/threshold', {
    config: superAdmin, schema: { params: ZCaseIdParams, body: ZRetainerThreshold, response: { 200: ZRetainer } },
  }, async (request) => setRetainerThreshold(db, {
    caseId: request.params.caseId, threshold: request.body.threshold, actorId: requireUser(request).user.id,
  }));

  app.get('/api/accounting/retainer-notices', { config: superAdmin, schema: { response: { 200: ZRetainerNotices } } }, async () =>
    retainerNotices(db));

  app.get('/api/clients/:clientId/statement', {
    config: superAdmin, schema: { params: ZClientIdParams, querystring: ZPeriodQuery, response: { 200: ZStatement } },
  }, async (request) => clientStatement(db, { clientId: request.params.clientId, ...request.query, today: firmTodayIso(env.TZ) }));

  app.get('/api/clients/:clientId/statement.pdf', {
    config: superAdmin, schema: { params: ZClientIdParams, querystring: ZPeriodQuery },
  }, async (request, reply) => {
    const statement = await clientStatement(db, { clientId: request.params.clientId, ...request.query, today: firmTodayIso(env.TZ) });
    const { remittance, ...letterhead } = await loadLetterhead(db, env.FIRM_NAME);
    return sendPdf(reply, await documents.pdf('statement', { statement, remittance }, letterhead), statementFileName(statement));
  });
}
