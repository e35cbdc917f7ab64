import type { FastifyReply } from 'fastify';
import { ZBillIdParams, ZBillLineParams, ZBillingCodes, ZBillingCodesUpdate, ZPeriodQuery, ZQuickbooksCsvQuery } from '../../../../core/api/accounting.ts';
import { ZEntryUtbms, ZEntryUtbmsAnswer } from '../../../../core/api/ledes.ts';
import { quickbooksFileName } from '../../../../core/billing/quickbooks.ts';
import type { AppContext } from '../../../app-context.ts';
import { requireUser } from '../../../http/session.ts';
import { listBillingCodes, saveBillingCodes } from '../bills/billing-codes.ts';
import { setEntryUtbms } from '../bills/entry-utbms.ts';
import { ledesExport } from './ledes-export.ts';
import { quickbooksCsv, quickbooksIif, quickbooksInvoicesCsv, quickbooksTotalsCsv } from './quickbooks-export.ts';

// Exports to other systems and the codes they carry (issue 24): money, so super admins only.

const superAdmin = { access: 'super_admin' } as const;

function sendFile(reply: FastifyReply, body: string | Uint8Array, type: string, fileName: string, charset = 'utf-8') {
  return reply.header('content-type', `${type}; charset=${charset}`)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

export function exportRoutes({ app, db }: AppContext) {
  app.get('/api/bills/:id/ledes', { config: superAdmin, schema: { params: ZBillIdParams } }, async (request, reply) => {
    const file = await ledesExport(db, request.params.id);
    return sendFile(reply, file.text, 'text/plain', file.fileName);
  });

  // A time line's UTBMS codes (issue 38): its own, or empty for its job title's.
  app.put('/api/bills/:id/lines/:entryId/utbms', {
    config: superAdmin, schema: { params: ZBillLineParams, body: ZEntryUtbms, response: { 200: ZEntryUtbmsAnswer } },
  }, async (request) => setEntryUtbms(db, {
    actorId: requireUser(request).user.id, billId: request.params.id, entryId: request.params.entryId, ...request.body,
  }));

  // QuickBooks Desktop reads IIF in the Windows code page (docs/decisions/176).
  app.get('/api/accounting/export.iif', { config: superAdmin, schema: { querystring: ZPeriodQuery } }, async (request, reply) =>
    sendFile(reply, Buffer.from(await quickbooksIif(db, request.query)), 'text/plain',
      quickbooksFileName(request.query.from, request.query.to, 'iif'), 'windows-1252'));

  app.get('/api/accounting/export.csv', { config: superAdmin, schema: { querystring: ZQuickbooksCsvQuery } }, async (request, reply) => {
    const { from, to, view } = request.query;
    const invoices = view === 'invoices';
    const body = invoices ? await quickbooksInvoicesCsv(db, { from, to }) : await quickbooksCsv(db, { from, to });
    return sendFile(reply, body, 'text/csv', quickbooksFileName(from, to, 'csv', invoices ? 'invoices' : undefined));
  });

  // The totals both files are checked against: per client, as the statement shows them on the period's last day.
  app.get('/api/accounting/export-totals.csv', { config: superAdmin, schema: { querystring: ZPeriodQuery } }, async (request, reply) =>
    sendFile(reply, await quickbooksTotalsCsv(db, request.query), 'text/csv', quickbooksFileName(request.query.from, request.query.to, 'csv', 'totals')));

  app.get('/api/accounting/billing-codes', { config: superAdmin, schema: { response: { 200: ZBillingCodes } } }, async () =>
    ({ codes: await listBillingCodes(db) }));

  app.put('/api/accounting/billing-codes', {
    config: superAdmin, schema: { body: ZBillingCodesUpdate, response: { 200: ZBillingCodes } },
  }, async (request) => ({ codes: await saveBillingCodes(db, { actorId: requireUser(request).user.id, codes: request.body.codes }) }));
}
