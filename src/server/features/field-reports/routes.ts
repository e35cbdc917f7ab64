import { z } from 'zod';
import {
  ZAnnotationsSave, ZCertifyBody, ZFieldChange, ZFieldReport, ZFieldReportCreate, ZFieldReportSettings, ZFieldReportList, ZFieldReportListQuery, ZFieldReportUpdate,
  ZImageList, ZImageOrder, ZImageParams, ZImageUpdate, ZKindParams, ZOfflineProjects, ZProjectFacts, ZProjectFactsQuery, ZReportIdParams, ZReviewBody,
} from '../../../core/api/field-reports.ts';
import { SHA256_HEADER } from '../../../core/field-reports/photo-evidence.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { loadLetterhead } from '../../documents/firm-letterhead.ts';
import { sendPdf } from '../../documents/send.ts';
import { bucketOf } from '../../integrations/s3/bucket.ts';
import { readNamedFiles } from '../../uploads/multipart.ts';
import { certifyReport, reportPdf } from './certify.ts';
import { readFieldReportSettings, reviewReport, saveFieldReportSettings } from './review.ts';
import { saveAnnotations } from './annotations.ts';
import { deleteImage, imageBytes, reorderImages, setCaption } from './attachments.ts';
import { dropUnusedOriginals, originalsOfReport } from './originals.ts';
import { imageOriginal, putImage } from './photo-upload.ts';
import { getReport, listReports, nextNumberFor } from './reads.ts';
import { changeField } from './field-changes.ts';
import { offlineProjects } from './offline-projects.ts';
import { createReport, deleteDraft, projectFacts, reviseReport, updateReport } from './writes.ts';
import { firmToday } from '../../../core/dates/iso-date.ts';

const ZNoQuery = z.object({}).strict();
const ZReviseBody = z.object({ newId: z.uuid() });

// Field reports are open to every signed-in member of staff (SPEC §6); certifying is the inspector's.
export function fieldReportRoutes({ app, db, env, documents }: AppContext) {
  const today = () => firmToday(env.TZ);
  const letterhead = () => loadLetterhead(db, env.FIRM_NAME);
  const imageList = { 200: ZImageList };
  // Where the photos' originals live: an S3-compatible bucket when configured, else the database (103).
  const bucket = bucketOf(env);

  app.get('/api/field-reports', { config: { access: 'user' }, schema: { querystring: ZFieldReportListQuery, response: { 200: ZFieldReportList } } }, async (request) => {
    requireUser(request);
    return { reports: await listReports(db, request.query) };
  });

  app.post('/api/field-reports', { config: { access: 'user' }, schema: { body: ZFieldReportCreate, response: { 201: ZFieldReport } } }, async (request, reply) => {
    const { user } = requireUser(request);
    return reply.status(201).send(await createReport(db, { actorId: user.id, input: request.body, today: today() }));
  });

  app.get('/api/field-reports/project-facts', { config: { access: 'user' }, schema: { querystring: ZProjectFactsQuery, response: { 200: ZProjectFacts } } },
    async (request) => {
      requireUser(request);
      const { projectId } = request.query;
      return { ...(await projectFacts(db, projectId)), nextNumber: await nextNumberFor(db, projectId) };
    });

  // What a device keeps to create a report offline: projects with the facts a report copies (108).
  app.get('/api/field-reports/offline-projects', { config: { access: 'user' }, schema: { querystring: ZNoQuery, response: { 200: ZOfflineProjects } } }, async (request) => {
    const { user } = requireUser(request);
    return { projects: await offlineProjects(db, user.id) };
  });

  app.get('/api/field-reports/:id', { config: { access: 'user' }, schema: { params: ZReportIdParams, response: { 200: ZFieldReport } } }, async (request) => {
    requireUser(request);
    return getReport(db, request.params.id);
  });

  app.put('/api/field-reports/:id', { config: { access: 'user' }, schema: { params: ZReportIdParams, body: ZFieldReportUpdate, response: { 200: ZFieldReport } } },
    async (request) => {
      const { user } = requireUser(request);
      return updateReport(db, { actorId: user.id, id: request.params.id, input: request.body, today: today() });
    });

  // One field's change from the offline queue (docs/decisions/102): idempotent by its change id.
  app.patch('/api/field-reports/:id/fields', { config: { access: 'user' }, schema: { params: ZReportIdParams, body: ZFieldChange, response: { 200: ZFieldReport } } },
    async (request) => {
      const { user } = requireUser(request);
      const { changeId, path, value, base } = request.body;
      return changeField(db, { actorId: user.id, id: request.params.id, change: { changeId, path, value, base }, today: today() });
    });

  app.delete('/api/field-reports/:id', { config: { access: 'user' }, schema: { params: ZReportIdParams } }, async (request, reply) => {
    const { user } = requireUser(request);
    const originals = await originalsOfReport(db, request.params.id);
    await deleteDraft(db, { actorId: user.id, id: request.params.id });
    await dropUnusedOriginals(db, bucket, originals);
    return reply.status(204).send();
  });

  app.post('/api/field-reports/:id/certify', { config: { access: 'user' }, schema: { params: ZReportIdParams, body: ZCertifyBody, response: { 200: ZFieldReport } } },
    async (request) => {
      const { user } = requireUser(request);
      return certifyReport(db, {
        actorId: user.id, actorName: user.displayName, id: request.params.id, version: request.body.version,
        drawnSignature: request.body.drawnSignature, afterChanges: request.body.afterChanges, documents, letterhead: await letterhead(), today: today(), timeZone: env.TZ,
      });
    });

  // A second engineer's sign-off (docs/decisions/142): any member of staff but the report's inspector.
  app.post('/api/field-reports/:id/review', { config: { access: 'user' }, schema: { params: ZReportIdParams, body: ZReviewBody, response: { 200: ZFieldReport } } },
    async (request) => reviewReport(db, { actorId: requireUser(request).user.id, id: request.params.id, ...request.body }));

  app.get('/api/settings/field-reports', { config: { access: 'user' }, schema: { querystring: ZNoQuery, response: { 200: ZFieldReportSettings } } },
    async (request) => {
      requireUser(request);
      return readFieldReportSettings(db);
    });

  app.put('/api/settings/field-reports', { config: { access: 'admin' }, schema: { body: ZFieldReportSettings, response: { 200: ZFieldReportSettings } } },
    async (request) => saveFieldReportSettings(db, { actorId: requireUser(request).user.id, body: request.body }));

  app.post('/api/field-reports/:id/revisions', { config: { access: 'user' }, schema: { params: ZReportIdParams, body: ZReviseBody, response: { 201: ZFieldReport } } },
    async (request, reply) => {
      const { user } = requireUser(request);
      return reply.status(201).send(await reviseReport(db, { actorId: user.id, id: request.params.id, newId: request.body.newId }));
    });

  app.get('/api/field-reports/:id/pdf', { config: { access: 'user' }, schema: { params: ZReportIdParams, querystring: ZNoQuery } }, async (request, reply) => {
    requireUser(request);
    const { pdf, fileName } = await reportPdf(db, { id: request.params.id, documents, letterhead: await letterhead(), timeZone: env.TZ });
    return sendPdf(reply, pdf, fileName);
  });

  // Photos, diagrams and readings (docs/decisions/063): /api/field-reports/{id}/{photos|diagrams|readings}.
  // One image by its client-made id: `original` (the file as picked) and optionally `photo` (the
  // browser's resized JPEG). The same id again answers the list unchanged (docs/decisions/161).
  app.put('/api/field-reports/:id/:kind/:imageId', { config: { access: 'user' }, schema: { params: ZImageParams, querystring: ZNoQuery, response: imageList } },
    async (request) => {
      const { user } = requireUser(request);
      const { id, kind, imageId } = request.params;
      const files = await readNamedFiles(request, ['original', 'photo']);
      return { images: await putImage(db, bucket, { actorId: user.id, reportId: id, kind, imageId, timeZone: env.TZ, ...files }) };
    });

  app.put('/api/field-reports/:id/:kind/order', { config: { access: 'user' }, schema: { params: ZKindParams, body: ZImageOrder, response: imageList } },
    async (request) => {
      const { user } = requireUser(request);
      const { id, kind } = request.params;
      return { images: await reorderImages(db, { actorId: user.id, reportId: id, kind, imageIds: request.body.imageIds }) };
    });

  app.patch('/api/field-reports/:id/:kind/:imageId', { config: { access: 'user' }, schema: { params: ZImageParams, body: ZImageUpdate, response: imageList } },
    async (request) => {
      const { user } = requireUser(request);
      const { id, kind, imageId } = request.params;
      return { images: await setCaption(db, { actorId: user.id, reportId: id, kind, imageId, caption: request.body.caption }) };
    });

  app.delete('/api/field-reports/:id/:kind/:imageId', { config: { access: 'user' }, schema: { params: ZImageParams, response: imageList } }, async (request) => {
    const { user } = requireUser(request);
    const { id, kind, imageId } = request.params;
    return { images: await deleteImage(db, bucket, { actorId: user.id, reportId: id, kind, imageId }) };
  });

  app.put('/api/field-reports/:id/:kind/:imageId/annotations', { config: { access: 'user' }, schema: { params: ZImageParams, body: ZAnnotationsSave, response: imageList } },
    async (request) => {
      const { user } = requireUser(request);
      const { id, kind, imageId } = request.params;
      return { images: await saveAnnotations(db, { actorId: user.id, reportId: id, kind, imageId, ...request.body }) };
    });

  // The evidence copy: the original unchanged, with its SHA-256 (hex, and RFC 9530's Repr-Digest).
  app.get('/api/field-reports/:id/:kind/:imageId/original', { config: { access: 'user' }, schema: { params: ZImageParams, querystring: ZNoQuery } },
    async (request, reply) => {
      requireUser(request);
      const { id, kind, imageId } = request.params;
      const copy = await imageOriginal(db, bucket, { reportId: id, kind, imageId });
      return reply.header('cache-control', 'private, max-age=86400').header(SHA256_HEADER, copy.sha256)
        .header('repr-digest', `sha-256=:${Buffer.from(copy.sha256, 'hex').toString('base64')}:`)
        .header('content-disposition', `attachment; filename="${copy.fileName}"; filename*=UTF-8''${encodeURIComponent(copy.fileName)}`)
        .type(copy.contentType).send(copy.bytes);
    });

  for (const size of ['image', 'thumbnail'] as const) {
    app.get(`/api/field-reports/:id/:kind/:imageId/${size}`, { config: { access: 'user' }, schema: { params: ZImageParams, querystring: ZNoQuery } },
      async (request, reply) => {
        requireUser(request);
        const bytes = await imageBytes(db, { reportId: request.params.id, kind: request.params.kind, imageId: request.params.imageId, size });
        // An image's bytes never change (a new upload has a new id): the browser may keep it.
        return reply.header('cache-control', 'private, max-age=86400').type('image/jpeg').send(bytes);
      });
  }
}
