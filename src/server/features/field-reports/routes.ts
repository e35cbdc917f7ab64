import { z } from 'zod';
import {
  ZCertifyBody, ZFieldReport, ZFieldReportCreate, ZFieldReportList, ZFieldReportListQuery, ZFieldReportUpdate,
  ZPhotoOrder, ZPhotoParams, ZPhotoUpdate, ZPhotoUploadResult, ZProjectFacts, ZProjectFactsQuery, ZReportIdParams,
} from '../../../core/api/field-reports.ts';
import { MAX_PHOTOS_PER_UPLOAD } from '../../../core/images.ts';
import type { AppContext } from '../../app.ts';
import { requireUser } from '../../http/session.ts';
import { loadLetterhead } from '../../pdf/firm-letterhead.ts';
import { sendPdf } from '../../pdf/send.ts';
import { firmToday } from '../../pdf/today.ts';
import { readImages } from '../../uploads/multipart.ts';
import { certifyReport, reportPdf } from './certify.ts';
import { addPhotos, deletePhoto, photoBytes, reorderPhotos, setCaption } from './photos.ts';
import { getReport, listReports, nextNumberFor } from './reads.ts';
import { createReport, deleteDraft, projectFacts, reviseReport, updateReport } from './writes.ts';

const ZNoQuery = z.object({}).strict();
const ZReviseBody = z.object({ newId: z.uuid() });

// Field reports are open to every signed-in member of staff (SPEC §6); certifying is the inspector's.
export function fieldReportRoutes({ app, db, env }: AppContext) {
  const today = () => firmToday(env.TZ);
  const letterhead = () => loadLetterhead(db, env.FIRM_NAME);
  const photoList = { 200: ZPhotoUploadResult };

  app.get('/api/field-reports', { schema: { querystring: ZFieldReportListQuery, response: { 200: ZFieldReportList } } }, async (request) => {
    requireUser(request);
    return { reports: await listReports(db, request.query) };
  });

  app.post('/api/field-reports', { schema: { body: ZFieldReportCreate, response: { 201: ZFieldReport } } }, async (request, reply) => {
    const { user } = requireUser(request);
    return reply.status(201).send(await createReport(db, { actorId: user.id, input: request.body, today: today() }));
  });

  app.get('/api/field-reports/project-facts', { schema: { querystring: ZProjectFactsQuery, response: { 200: ZProjectFacts } } },
    async (request) => {
      requireUser(request);
      const { projectId } = request.query;
      return { ...(await projectFacts(db, projectId)), nextNumber: await nextNumberFor(db, projectId) };
    });

  app.get('/api/field-reports/:id', { schema: { params: ZReportIdParams, response: { 200: ZFieldReport } } }, async (request) => {
    requireUser(request);
    return getReport(db, request.params.id);
  });

  app.put('/api/field-reports/:id', { schema: { params: ZReportIdParams, body: ZFieldReportUpdate, response: { 200: ZFieldReport } } },
    async (request) => {
      const { user } = requireUser(request);
      return updateReport(db, { actorId: user.id, id: request.params.id, input: request.body, today: today() });
    });

  app.delete('/api/field-reports/:id', { schema: { params: ZReportIdParams } }, async (request, reply) => {
    const { user } = requireUser(request);
    await deleteDraft(db, { actorId: user.id, id: request.params.id });
    return reply.status(204).send();
  });

  app.post('/api/field-reports/:id/certify', { schema: { params: ZReportIdParams, body: ZCertifyBody, response: { 200: ZFieldReport } } },
    async (request) => {
      const { user } = requireUser(request);
      return certifyReport(db, {
        actorId: user.id, actorName: user.displayName, id: request.params.id, version: request.body.version,
        drawnSignature: request.body.drawnSignature, letterhead: await letterhead(), today: today(),
      });
    });

  app.post('/api/field-reports/:id/revisions', { schema: { params: ZReportIdParams, body: ZReviseBody, response: { 201: ZFieldReport } } },
    async (request, reply) => {
      const { user } = requireUser(request);
      return reply.status(201).send(await reviseReport(db, { actorId: user.id, id: request.params.id, newId: request.body.newId }));
    });

  app.get('/api/field-reports/:id/pdf', { schema: { params: ZReportIdParams, querystring: ZNoQuery } }, async (request, reply) => {
    requireUser(request);
    const { pdf, fileName } = await reportPdf(db, { id: request.params.id, letterhead: await letterhead() });
    return sendPdf(reply, pdf, fileName);
  });

  app.post('/api/field-reports/:id/photos', { schema: { params: ZReportIdParams, querystring: ZNoQuery, response: photoList } },
    async (request) => {
      const { user } = requireUser(request);
      const files = await readImages(request, { max: MAX_PHOTOS_PER_UPLOAD });
      return { photos: await addPhotos(db, { actorId: user.id, reportId: request.params.id, files }) };
    });

  app.put('/api/field-reports/:id/photos/order', { schema: { params: ZReportIdParams, body: ZPhotoOrder, response: photoList } },
    async (request) => {
      const { user } = requireUser(request);
      return { photos: await reorderPhotos(db, { actorId: user.id, reportId: request.params.id, photoIds: request.body.photoIds }) };
    });

  app.patch('/api/field-reports/:id/photos/:photoId', { schema: { params: ZPhotoParams, body: ZPhotoUpdate, response: photoList } },
    async (request) => {
      const { user } = requireUser(request);
      const { id, photoId } = request.params;
      return { photos: await setCaption(db, { actorId: user.id, reportId: id, photoId, caption: request.body.caption }) };
    });

  app.delete('/api/field-reports/:id/photos/:photoId', { schema: { params: ZPhotoParams, response: photoList } }, async (request) => {
    const { user } = requireUser(request);
    return { photos: await deletePhoto(db, { actorId: user.id, reportId: request.params.id, photoId: request.params.photoId }) };
  });

  for (const size of ['image', 'thumbnail'] as const) {
    app.get(`/api/field-reports/:id/photos/:photoId/${size}`, { schema: { params: ZPhotoParams, querystring: ZNoQuery } },
      async (request, reply) => {
        requireUser(request);
        const bytes = await photoBytes(db, { reportId: request.params.id, photoId: request.params.photoId, size });
        // A photo's bytes never change (a new photo has a new id): the browser may keep it.
        return reply.header('cache-control', 'private, max-age=86400').type('image/jpeg').send(bytes);
      });
  }
}
