import { ZReportCsvQuery, ZReportOptions, ZReportQuery, ZReportResponse } from '../../../core/api/reports.ts';
import { reportFileName } from '../../../core/time/reports.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { entriesCsv, groupedCsv } from './export-csv.ts';
import { reportXlsx } from './export-xlsx.ts';
import { assertFiltersExist } from './filters.ts';
import { reportOptions } from './labels.ts';
import { runReport } from './summary.ts';

// Reports (issue 11): any signed-in staff member; money only in super admins' answers and files.

const attachment = (name: string) => `attachment; filename="${name}"`;

export function reportRoutes({ app, db, documents }: AppContext) {
  app.get('/api/reports', { config: { access: 'user' }, schema: { querystring: ZReportQuery, response: { 200: ZReportResponse } } }, async (request) =>
    runReport(db, { query: request.query, viewer: requireUser(request).user }));

  app.get('/api/reports/options', { config: { access: 'user' }, schema: { response: { 200: ZReportOptions } } }, async (request) => {
    requireUser(request);
    return reportOptions(db);
  });

  // The table as on screen (view=grouped, the default), or every entry (view=entries): docs/decisions/098.
  app.get('/api/reports/export.csv', { config: { access: 'user' }, schema: { querystring: ZReportCsvQuery } }, async (request, reply) => {
    const { user } = requireUser(request);
    const { view, ...query } = request.query;
    if (view === 'entries') await assertFiltersExist(db, query);
    const body = view === 'grouped' ? groupedCsv(await runReport(db, { query, viewer: user })) : entriesCsv(db, { query, money: user.isSuperAdmin });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(reportFileName(query.from, query.to, 'csv', view)))
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.get('/api/reports/export.xlsx', { config: { access: 'user' }, schema: { querystring: ZReportQuery } }, async (request, reply) => {
    const { user } = requireUser(request);
    const report = await runReport(db, { query: request.query, viewer: user });
    const file = await reportXlsx(db, documents, { query: request.query, report });
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', attachment(reportFileName(request.query.from, request.query.to, 'xlsx')))
      .header('cache-control', 'no-store')
      .send(file);
  });
}
