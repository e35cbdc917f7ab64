import {
  ZBillCreate, ZBillDetail, ZBillIdParams, ZBillList, ZCaseIdParams, ZIssueBody, ZPeriodQuery, ZReceivables, ZReceivablesQuery,
  ZUnbilledEntries, ZUnbilledList, ZVersionBody,
} from '../../../core/api/accounting.ts';
import type { TBill } from '../../../core/api/accounting.ts';
import { billFileName } from '../../../core/billing/bill-pdf.ts';
import { withOverdue } from '../../../core/billing/billing.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { loadLetterhead } from '../../documents/firm-letterhead.ts';
import { sendPdf } from '../../documents/send.ts';
import { agingRoutes } from './payments/aging-routes.ts';
import { billDetail, listBills } from './bills/bill-read.ts';
import { billWriteRoutes } from './bills/bill-write-routes.ts';
import { createBill, moveBill } from './bills/bills.ts';
import { unbilledCases, unbilledLines } from './bills/lines.ts';
import { receivables } from './payments/receivables.ts';
import { retainerStatementRoutes } from './retainers/retainer-statement-routes.ts';
import { firmTodayIso } from '../../../core/dates/iso-date.ts';

// Accounting & Financials (issue 11): super admins only, refused with 403 for everyone else.

const superAdmin = { access: 'super_admin' } as const;

export function accountingRoutes(context: AppContext) {
  const { app, db, env, documents } = context;
  // Overdue is the firm's today's reading of a bill (issue 38), set on every bill answered.
  const shown = <T extends TBill>(bill: T): T => withOverdue(bill, firmTodayIso(env.TZ));
  billWriteRoutes(context);
  app.get('/api/accounting/unbilled', { config: superAdmin, schema: { response: { 200: ZUnbilledList } } }, async () => {
    const { cases, hoursAwaitingApproval } = await unbilledCases(db);
    return { cases, totalValue: Math.round(cases.reduce((s, c) => s + c.timeValue + c.expenses, 0) * 100) / 100, hoursAwaitingApproval };
  });

  app.get('/api/accounting/unbilled/:caseId', {
    config: superAdmin, schema: { params: ZCaseIdParams, querystring: ZPeriodQuery, response: { 200: ZUnbilledEntries } },
  }, async (request) => ({
    lines: await unbilledLines(db, { caseId: request.params.caseId, from: request.query.from, to: request.query.to }),
  }));

  app.get('/api/accounting/receivables', {
    config: superAdmin, schema: { querystring: ZReceivablesQuery, response: { 200: ZReceivables } },
  }, async (request) => receivables(db, { today: firmTodayIso(env.TZ), query: request.query }));

  app.get('/api/bills', { config: superAdmin, schema: { response: { 200: ZBillList } } }, async () => ({ bills: await listBills(db, firmTodayIso(env.TZ)) }));

  app.get('/api/bills/:id', { config: superAdmin, schema: { params: ZBillIdParams, response: { 200: ZBillDetail } } }, async (request) =>
    shown(await billDetail(db, request.params.id)));

  // The bill on the firm's letterhead; its amounts are money, so super admins only like every bill route.
  app.get('/api/bills/:id/pdf', { config: superAdmin, schema: { params: ZBillIdParams } }, async (request, reply) => {
    const bill = await billDetail(db, request.params.id);
    const { remittance, ...letterhead } = await loadLetterhead(db, env.FIRM_NAME);
    return sendPdf(reply, await documents.pdf('bill', { bill, remittance }, letterhead), billFileName(bill));
  });

  app.post('/api/bills', { config: superAdmin, schema: { body: ZBillCreate, response: { 201: ZBillDetail } } }, async (request, reply) =>
    reply.status(201).send(shown(await createBill(db, { body: request.body, actorId: requireUser(request).user.id }))));

  app.post('/api/bills/:id/issue', {
    config: superAdmin, schema: { params: ZBillIdParams, body: ZIssueBody, response: { 200: ZBillDetail } },
  }, async (request) => shown(await moveBill(db, {
    id: request.params.id, action: 'issue', version: request.body.version, date: request.body.issuedOn,
    actorId: requireUser(request).user.id, today: firmTodayIso(env.TZ),
  })));

  app.post('/api/bills/:id/void', {
    config: superAdmin, schema: { params: ZBillIdParams, body: ZVersionBody, response: { 200: ZBillDetail } },
  }, async (request) => shown(await moveBill(db, {
    id: request.params.id, action: 'void', version: request.body.version, actorId: requireUser(request).user.id, today: firmTodayIso(env.TZ),
  })));
  retainerStatementRoutes({ app, db, env, documents });
  agingRoutes({ app, db, env, documents });
}
