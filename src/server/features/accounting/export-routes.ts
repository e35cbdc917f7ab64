import type { FastifyReply } from 'fastify';
import { ZBillIdParams, ZBillingCodes, ZBillingCodesUpdate, ZPeriodQuery } from '../../../core/api/accounting.ts';
import { quickbooksFileName } from '../../../core/quickbooks.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { listBillingCodes, saveBillingCodes } from './billing-codes.ts';
import { ledesExport } from './ledes-export.ts';
import { quickbooksCsv, quickbooksIif } from './quickbooks-export.ts';

// Exports to other systems and the codes they carry (issue 24): money, so super admins only.

const superAdmin = { access: 'super_admin' } as const;

function sendFile(reply: FastifyReply, body: string, type: string, fileName: string) {
  return reply.header('content-type', `${type}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

export function exportRoutes({ app, db }: AppContext) {
  app.get('/api/bills/:id/ledes', { config: superAdmin, schema: { params: ZBillIdParams } }, async (request, reply) => {
    const file = await ledesExport(db, request.params.id);
    return sendFile(reply, file.text, 'text/plain', file.fileName);
  });

  app.get('/api/accounting/export.iif', { config: superAdmin, schema: { querystring: ZPeriodQuery } }, async (request, reply) =>
    sendFile(reply, await quickbooksIif(db, request.query), 'text/plain',
      quickbooksFileName(request.query.from, request.query.to, 'iif')));

  app.get('/api/accounting/export.csv', { config: superAdmin, schema: { querystring: ZPeriodQuery } }, async (request, reply) =>
    sendFile(reply, await quickbooksCsv(db, request.query), 'text/csv', quickbooksFileName(request.query.from, request.query.to, 'csv')));

  app.get('/api/accounting/billing-codes', { config: superAdmin, schema: { response: { 200: ZBillingCodes } } }, async () =>
    ({ codes: await listBillingCodes(db) }));

  app.put('/api/accounting/billing-codes', {
    config: superAdmin, schema: { body: ZBillingCodesUpdate, response: { 200: ZBillingCodes } },
  }, async (request) => ({ codes: await saveBillingCodes(db, { actorId: requireUser(request).user.id, codes: request.body.codes }) }));
}
