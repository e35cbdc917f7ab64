import { ZAgingByClient } from '../../../../core/api/aging.ts';
import { agingByClientCsv, agingByClientFileName } from '../../../../core/billing/aging-by-client.ts';
import type { AppContext } from '../../../app-context.ts';
import { loadLetterhead } from '../../../documents/firm-letterhead.ts';
import { sendPdf } from '../../../documents/send.ts';
import { receivablesByClient } from './aging-by-client.ts';
import { firmTodayIso } from '../../../../core/dates/iso-date.ts';

// A/R aging by client (issue 38): the screen's answer, its CSV and its PDF. Money: super admins only.

const superAdmin = { access: 'super_admin' } as const;

export function agingRoutes({ app, db, env, documents }: Pick<AppContext, 'app' | 'db' | 'env' | 'documents'>) {
  app.get('/api/accounting/receivables/by-client', { config: superAdmin, schema: { response: { 200: ZAgingByClient } } }, async () =>
    receivablesByClient(db, firmTodayIso(env.TZ)));

  app.get('/api/accounting/receivables/by-client.csv', { config: superAdmin }, async (_request, reply) => {
    const report = await receivablesByClient(db, firmTodayIso(env.TZ));
    return reply.header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${agingByClientFileName(report.today, 'csv')}"`)
      .header('cache-control', 'private, no-store')
      .send(agingByClientCsv(report));
  });

  app.get('/api/accounting/receivables/by-client.pdf', { config: superAdmin }, async (_request, reply) => {
    const report = await receivablesByClient(db, firmTodayIso(env.TZ));
    const { remittance: _, ...letterhead } = await loadLetterhead(db, env.FIRM_NAME);
    return sendPdf(reply, await documents.pdf('agingByClient', report, letterhead), agingByClientFileName(report.today, 'pdf'));
  });
}
