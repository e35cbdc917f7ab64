import type { TBillDetail } from '../../../../core/api/accounting.ts';
import { withOverdue } from '../../../../core/billing/billing.ts';
import {
  ZBillAddEntries, ZBillDetail, ZBillIdParams, ZBillLineParams, ZBillRemoveEntries, ZBillUpdate, ZClientCredit, ZClientIdParams,
  ZCreditNoteCreate, ZDeleteBillQuery, ZLineAdjust, ZLineEdit, ZPaymentCreate, ZPaymentIdParams, ZReverseBody,
} from '../../../../core/api/accounting.ts';
import type { AppContext } from '../../../app-context.ts';
import { requireUser } from '../../../http/session.ts';
import { addEntries, adjustLine, removeEntries, updateDraft } from './bill-drafts.ts';
import { clientCredit } from '../payments/client-credit.ts';
import { createCreditNote } from '../payments/credit-notes.ts';
import { deleteDraft, editDraftLine } from './draft-lines.ts';
import { recordPayment, reversePayment } from '../payments/payments.ts';
import { firmTodayIso } from '../../../../core/dates/iso-date.ts';

// The write side of bills (issue 24, docs/decisions/084): shaping drafts, payments and their
// reversal, credit notes, and the client's credit. Money: super admins only, 403 for everyone else.

const superAdmin = { access: 'super_admin' } as const;

export function billWriteRoutes({ app, db, env }: AppContext) {
  const bill = { params: ZBillIdParams, response: { 200: ZBillDetail } };
  // Every write answers the bill as the firm's today reads it (Overdue, issue 38).
  const shown = async (answer: Promise<TBillDetail>) => withOverdue(await answer, firmTodayIso(env.TZ));

  app.patch('/api/bills/:id', { config: superAdmin, schema: { ...bill, body: ZBillUpdate } }, async (request) =>
    shown(updateDraft(db, { id: request.params.id, body: request.body, actorId: requireUser(request).user.id })));

  app.post('/api/bills/:id/entries', { config: superAdmin, schema: { ...bill, body: ZBillAddEntries } }, async (request) =>
    shown(addEntries(db, { id: request.params.id, ...request.body, actorId: requireUser(request).user.id })));

  app.post('/api/bills/:id/entries/remove', { config: superAdmin, schema: { ...bill, body: ZBillRemoveEntries } }, async (request) =>
    shown(removeEntries(db, { id: request.params.id, ...request.body, actorId: requireUser(request).user.id })));

  app.post('/api/bills/:id/lines/:entryId/adjust', {
    config: superAdmin, schema: { params: ZBillLineParams, body: ZLineAdjust, response: { 200: ZBillDetail } },
  }, async (request) => shown(adjustLine(db, { ...request.params, ...request.body, actorId: requireUser(request).user.id })));

  app.patch('/api/bills/:id/lines/:entryId', {
    config: superAdmin, schema: { params: ZBillLineParams, body: ZLineEdit, response: { 200: ZBillDetail } },
  }, async (request) => shown(editDraftLine(db, { ...request.params, body: request.body, actorId: requireUser(request).user.id })));

  app.delete('/api/bills/:id', { config: superAdmin, schema: { params: ZBillIdParams, querystring: ZDeleteBillQuery } }, async (request, reply) => {
    await deleteDraft(db, { id: request.params.id, version: request.query.version, actorId: requireUser(request).user.id });
    return reply.status(204).send();
  });

  app.post('/api/bills/:id/payments', {
    config: superAdmin, schema: { params: ZBillIdParams, body: ZPaymentCreate, response: { 201: ZBillDetail } },
  }, async (request, reply) => reply.status(201).send(
    await shown(recordPayment(db, { billId: request.params.id, body: request.body, actorId: requireUser(request).user.id }))));

  app.post('/api/payments/:id/reverse', {
    config: superAdmin, schema: { params: ZPaymentIdParams, body: ZReverseBody, response: { 200: ZBillDetail } },
  }, async (request) => shown(reversePayment(db, {
    paymentId: request.params.id, reason: request.body.reason, actorId: requireUser(request).user.id, today: firmTodayIso(env.TZ),
  })));

  app.post('/api/bills/:id/credit-notes', {
    config: superAdmin, schema: { params: ZBillIdParams, body: ZCreditNoteCreate, response: { 201: ZBillDetail } },
  }, async (request, reply) => reply.status(201).send(await shown(createCreditNote(db, {
    billId: request.params.id, body: request.body, actorId: requireUser(request).user.id, today: firmTodayIso(env.TZ),
  }))));

  app.get('/api/clients/:clientId/credit', {
    config: superAdmin, schema: { params: ZClientIdParams, response: { 200: ZClientCredit } },
  }, async (request) => clientCredit(db, request.params.clientId));
}
