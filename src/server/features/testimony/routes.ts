import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZBillDetail, ZPeriodQuery, ZStatement } from '../../../core/api/accounting.ts';
import { ZIdParams } from '../../../core/api/clients.ts';
import { ZCaseCancellations } from '../../../core/api/fee-rules.ts';
import {
  ZCaseTestimony, ZConsultingOnly, ZDeposingBill, ZExperts, ZFeeHistory, ZFeeHistoryQuery, ZRule26, ZRule26Query, ZTestimony,
  ZTestimonyInput, ZTestimonyParams,
} from '../../../core/api/testimony.ts';
import { withOverdue } from '../../../core/billing/billing.ts';
import { firmTodayIso } from '../../../core/dates/iso-date.ts';
import { rule26Csv, rule26FileName } from '../../../core/testimony/rule26.ts';
import { statementFileName } from '../../../core/billing/statement-pdf.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { loadLetterhead } from '../../documents/firm-letterhead.ts';
import { sendPdf } from '../../documents/send.ts';
import { billDeposingSide, payerStatement } from '../billing/index.ts';
import { cancellationsOf } from './cancellations.ts';
import { caseTestimony, deleteTestimony, saveTestimony, setConsultingOnly } from './events-service.ts';
import { feeHistoryOf } from './fee-history.ts';
import { expertsFor, rule26Of, type Rule26Viewer } from './rule26-service.ts';

// Testimony (issue 40, docs/decisions/136, 137). Reads: any signed-in user (a limited user's Rule 26
// list is their own); writes: admins, as every case write; the bill to the deposing side and the fee
// history are money: super admins only. Deposits are left out of every answer to anyone else.

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function viewerOf(request: FastifyRequest): Rule26Viewer {
  const { user } = requireUser(request);
  return { id: user.id, superAdmin: user.isSuperAdmin, limited: !user.isAdmin };
}

function sendFile(reply: FastifyReply, body: string | Buffer, type: string, fileName: string) {
  return reply.header('content-type', type).header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store').send(body);
}

export function testimonyRoutes({ app, db, env, documents }: AppContext) {
  app.get('/api/cases/:id/testimony', { config: { access: 'user' }, schema: { params: ZIdParams, response: { 200: ZCaseTestimony } } },
    async (request) => caseTestimony(db, { caseId: request.params.id, viewer: viewerOf(request) }));

  // Cancelled events (recorded by POST /api/cases/:id/cancellations); the fee only for a super admin.
  app.get('/api/cases/:id/cancellations', { config: { access: 'admin' }, schema: { params: ZIdParams, response: { 200: ZCaseCancellations } } },
    async (request) => cancellationsOf(db, { caseId: request.params.id, superAdmin: requireUser(request).user.isSuperAdmin }));

  app.put('/api/cases/:id/consulting-only', {
    config: { access: 'admin' }, schema: { params: ZIdParams, body: ZConsultingOnly, response: { 200: ZCaseTestimony } },
  }, async (request) => setConsultingOnly(db, { caseId: request.params.id, consultingOnly: request.body.consultingOnly, viewer: viewerOf(request) }));

  app.put('/api/testimony/:id', {
    config: { access: 'admin' }, schema: { params: ZTestimonyParams, body: ZTestimonyInput, response: { 200: ZTestimony } },
  }, async (request) => saveTestimony(db, { id: request.params.id, body: request.body, viewer: viewerOf(request) }));

  app.delete('/api/testimony/:id', { config: { access: 'admin' }, schema: { params: ZTestimonyParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteTestimony(db, { id: request.params.id, viewer: viewerOf(request) });
      return reply.status(204).send(null);
    });

  app.post('/api/testimony/:id/bill', {
    config: { access: 'super_admin' }, schema: { params: ZTestimonyParams, body: ZDeposingBill, response: { 201: ZBillDetail } },
  }, async (request, reply) => {
    const today = firmTodayIso(env.TZ);
    const bill = await billDeposingSide(db, {
      testimonyId: request.params.id, billId: request.body.billId, issuedOn: request.body.issuedOn, actorId: requireUser(request).user.id, today,
    });
    return reply.status(201).send(withOverdue(bill, today));
  });

  // The deposing party's statement of account: its bills, payments and credits under its name, address and matter id.
  app.get('/api/testimony/:id/statement', {
    config: { access: 'super_admin' }, schema: { params: ZTestimonyParams, querystring: ZPeriodQuery, response: { 200: ZStatement } },
  }, async (request) => payerStatement(db, { testimonyId: request.params.id, ...request.query, today: firmTodayIso(env.TZ) }));

  app.get('/api/testimony/:id/statement.pdf', {
    config: { access: 'super_admin' }, schema: { params: ZTestimonyParams, querystring: ZPeriodQuery },
  }, async (request, reply) => {
    const statement = await payerStatement(db, { testimonyId: request.params.id, ...request.query, today: firmTodayIso(env.TZ) });
    const { remittance, ...letterhead } = await loadLetterhead(db, env.FIRM_NAME);
    return sendPdf(reply, await documents.pdf('statement', { statement, remittance }, letterhead), statementFileName(statement));
  });

  app.get('/api/testimony/experts', { config: { access: 'user' }, schema: { response: { 200: ZExperts } } }, async (request) =>
    ({ experts: await expertsFor(db, viewerOf(request)) }));

  app.get('/api/testimony/rule26', { config: { access: 'user' }, schema: { querystring: ZRule26Query, response: { 200: ZRule26 } } },
    async (request) => rule26Of(db, { query: request.query, viewer: viewerOf(request) }));

  app.get('/api/testimony/rule26.csv', { config: { access: 'user' }, schema: { querystring: ZRule26Query } }, async (request, reply) => {
    const list = await rule26Of(db, { query: request.query, viewer: viewerOf(request) });
    return sendFile(reply, rule26Csv(list.events), 'text/csv; charset=utf-8', rule26FileName(list.expertName, list.asOf, 'csv'));
  });

  app.get('/api/testimony/rule26.pdf', { config: { access: 'user' }, schema: { querystring: ZRule26Query } }, async (request, reply) => {
    const list = await rule26Of(db, { query: request.query, viewer: viewerOf(request) });
    const { remittance: _remittance, ...letterhead } = await loadLetterhead(db, env.FIRM_NAME);
    return sendPdf(reply, await documents.pdf('rule26', list, letterhead), rule26FileName(list.expertName, list.asOf, 'pdf'));
  });

  app.get('/api/testimony/rule26.docx', { config: { access: 'user' }, schema: { querystring: ZRule26Query } }, async (request, reply) => {
    const list = await rule26Of(db, { query: request.query, viewer: viewerOf(request) });
    const { remittance: _remittance, ...letterhead } = await loadLetterhead(db, env.FIRM_NAME);
    return sendFile(reply, await documents.pdf('rule26Docx', list, letterhead), DOCX, rule26FileName(list.expertName, list.asOf, 'docx'));
  });

  app.get('/api/testimony/fee-history', {
    config: { access: 'super_admin' }, schema: { querystring: ZFeeHistoryQuery, response: { 200: ZFeeHistory } },
  }, async (request) => feeHistoryOf(db, { expertId: request.query.expertId, today: firmTodayIso(env.TZ) }));

  app.get('/api/testimony/fee-history.pdf', { config: { access: 'super_admin' }, schema: { querystring: ZFeeHistoryQuery } },
    async (request, reply) => {
      const history = await feeHistoryOf(db, { expertId: request.query.expertId, today: firmTodayIso(env.TZ) });
      const { remittance: _remittance, ...letterhead } = await loadLetterhead(db, env.FIRM_NAME);
      const name = history.expertName.replace(/[^A-Za-z0-9]+/g, '-');
      return sendPdf(reply, await documents.pdf('feeHistory', history, letterhead), `DepositionFees-${name}.pdf`);
    });
}
