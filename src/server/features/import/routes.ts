import { ZImport, ZImportList, ZImportMapping, ZImportParams } from '../../../core/api/import.ts';
import { casebookTemplateCsv } from '../../../core/import/template.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { readCsvUpload } from '../../uploads/csv-upload.ts';
import { ImportService } from './service.ts';

// Settings → Import (issue 27, docs/decisions/093): super admins only (an import writes rates and
// makes clients, cases and projects). The contract is src/core/api/import.ts.
const superAdmin = { access: 'super_admin' } as const;

export function importPlugin({ app, database, jobs }: AppContext) {
  const service = new ImportService({ database, jobs, log: app.log });

  app.get('/api/imports/template.csv', { config: superAdmin }, async (request, reply) => {
    requireUser(request);
    return reply.header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="casebook-import-template.csv"')
      .send(casebookTemplateCsv());
  });

  app.post('/api/imports', { config: superAdmin, schema: { response: { 201: ZImport } } }, async (request, reply) => {
    const { user } = requireUser(request);
    const file = await readCsvUpload(request);
    return reply.status(201).send(await service.upload(file, user.id));
  });

  app.get('/api/imports', { config: superAdmin, schema: { response: { 200: ZImportList } } }, async (request) => {
    requireUser(request);
    return { imports: await service.list() };
  });

  app.get('/api/imports/:id', { config: superAdmin, schema: { params: ZImportParams, response: { 200: ZImport } } }, async (request) => {
    requireUser(request);
    return service.get(request.params.id);
  });

  app.put('/api/imports/:id/mapping', {
    config: superAdmin, schema: { params: ZImportParams, body: ZImportMapping, response: { 200: ZImport } },
  }, async (request) => {
    requireUser(request);
    return service.setMapping(request.params.id, request.body);
  });

  app.post('/api/imports/:id/dry-run', { config: superAdmin, schema: { params: ZImportParams, response: { 200: ZImport } } }, async (request) => {
    requireUser(request);
    return service.dryRun(request.params.id);
  });

  app.post('/api/imports/:id/run', { config: superAdmin, schema: { params: ZImportParams, response: { 202: ZImport } } }, async (request, reply) => {
    const { user } = requireUser(request);
    return reply.status(202).send(await service.start(request.params.id, user.id));
  });
}
