import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZCaseEvidence, ZCaseEvidenceParams, ZCaseItems, ZChainVerdict, ZCloseItem, ZCollectItem, ZEntryInput, ZEntryParams, ZEvidenceDocument, ZEvidenceIdParams,
  ZEvidenceItem, ZFieldReportPhotos, ZLabelsQuery, ZNoticeDays, ZPhotoParams, ZPickPhoto, ZPlanTest, ZRecordNotice, ZRecordWaiver, ZStartTest,
  ZTestParams,
} from '../../../core/api/evidence.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { loadLetterhead } from '../../documents/firm-letterhead.ts';
import { sendPdf } from '../../documents/send.ts';
import { readNamedFiles } from '../../uploads/multipart.ts';
import { returnBase } from '../sign-in-providers/index.ts';
import { verifyItemChain } from './chain.ts';
import { closeItem, readDocument, storeDocument } from './close.ts';
import { custodyPdf, labelsPdf } from './documents.ts';
import { actorName, caseEvidence, caseItemsInFull, collectItem, entrySignature, getItem, recordEntry, setNoticeDays } from './items.ts';
import { addTakenPhoto, caseFieldReportPhotos, pickFieldReportPhoto, photoBytes } from './photos.ts';
import { planTest, recordNotice, recordWaiver, startTest } from './tests-service.ts';

// Evidence custody (issue 42, docs/decisions/140). Every member of staff collects, moves, photographs
// and tests evidence in the field ('user'); closing an item (return or disposal, with the
// authorization) and the case's notice period are admin decisions. No route updates or deletes an
// entry: the chain only grows.
export function evidenceRoutes({ app, db, env, documents }: AppContext) {
  const item = { 200: ZEvidenceItem };
  const actor = async (request: FastifyRequest) => {
    const { user } = requireUser(request);
    return { id: user.id, name: await actorName(db, user.id) };
  };
  const letterhead = () => loadLetterhead(db, env.FIRM_NAME);
  // The address a label's QR code holds: PUBLIC_URL, else (outside production) the request's own origin.
  const base = (request: FastifyRequest) => returnBase(env, () => `${request.protocol}://${request.host}`) ?? `${request.protocol}://${request.host}`;

  app.get('/api/cases/:caseId/evidence', { config: { access: 'user' }, schema: { params: ZCaseEvidenceParams, response: { 200: ZCaseEvidence } } },
    async (request) => {
      requireUser(request);
      return caseEvidence(db, request.params.caseId);
    });
  app.get('/api/cases/:caseId/evidence/items', { config: { access: 'user' }, schema: { params: ZCaseEvidenceParams, response: { 200: ZCaseItems } } },
    async (request) => {
      requireUser(request);
      return caseItemsInFull(db, request.params.caseId);
    });
  app.put('/api/cases/:caseId/evidence-settings', { config: { access: 'admin' }, schema: { params: ZCaseEvidenceParams, body: ZNoticeDays, response: { 200: ZCaseEvidence } } },
    async (request) => {
      const { user } = requireUser(request);
      return setNoticeDays(db, user.id, request.params.caseId, request.body.noticeDays);
    });
  app.get('/api/cases/:caseId/evidence/field-report-photos', { config: { access: 'user' }, schema: { params: ZCaseEvidenceParams, response: { 200: ZFieldReportPhotos } } },
    async (request) => {
      requireUser(request);
      return caseFieldReportPhotos(db, request.params.caseId);
    });
  app.get('/api/cases/:caseId/evidence/labels.pdf', { config: { access: 'user' }, schema: { params: ZCaseEvidenceParams, querystring: ZLabelsQuery } },
    async (request, reply) => {
      requireUser(request);
      const ids = request.query.ids ? request.query.ids.split(',').filter((s) => z.guid().safeParse(s).success) : undefined;
      const pdf = await labelsPdf(db, { documents, base: base(request), caseId: request.params.caseId, ids, format: request.query.format });
      return sendPdf(reply, pdf, 'Evidence-labels.pdf');
    });
  app.get('/api/cases/:caseId/evidence/custody.pdf', { config: { access: 'user' }, schema: { params: ZCaseEvidenceParams } }, async (request, reply) => {
    requireUser(request);
    const { pdf, fileName } = await custodyPdf(db, { documents, letterhead: await letterhead(), timeZone: env.TZ, caseId: request.params.caseId });
    return sendPdf(reply, pdf, fileName);
  });

  app.put('/api/evidence/:id', { config: { access: 'user' }, schema: { params: ZEvidenceIdParams, body: ZCollectItem, response: item } },
    async (request) => collectItem(db, { actor: await actor(request), id: request.params.id, input: request.body }));
  app.get('/api/evidence/:id', { config: { access: 'user' }, schema: { params: ZEvidenceIdParams, response: item } }, async (request) => {
    requireUser(request);
    return getItem(db, request.params.id);
  });
  app.put('/api/evidence/:id/entries/:entryId', { config: { access: 'user' }, schema: { params: ZEntryParams, body: ZEntryInput, response: item } },
    async (request) => recordEntry(db, { actor: await actor(request), itemId: request.params.id, entryId: request.params.entryId, input: request.body }));
  app.get('/api/evidence/:id/entries/:entryId/signature', { config: { access: 'user' }, schema: { params: ZEntryParams } }, async (request, reply) => {
    requireUser(request);
    const { bytes, contentType } = await entrySignature(db, request.params.id, request.params.entryId);
    return reply.type(contentType).header('cache-control', 'private, max-age=31536000, immutable').send(bytes);
  });
  app.post('/api/evidence/:id/verify', { config: { access: 'user' }, schema: { params: ZEvidenceIdParams, response: { 200: ZChainVerdict } } }, async (request) => {
    requireUser(request);
    await getItem(db, request.params.id);
    return verifyItemChain(db, request.params.id);
  });
  app.get('/api/evidence/:id/custody.pdf', { config: { access: 'user' }, schema: { params: ZEvidenceIdParams } }, async (request, reply) => {
    requireUser(request);
    const { pdf, fileName } = await custodyPdf(db, { documents, letterhead: await letterhead(), timeZone: env.TZ, itemId: request.params.id });
    return sendPdf(reply, pdf, fileName);
  });
  app.get('/api/evidence/:id/labels.pdf', { config: { access: 'user' }, schema: { params: ZEvidenceIdParams, querystring: ZLabelsQuery } }, async (request, reply) => {
    requireUser(request);
    const pdf = await labelsPdf(db, { documents, base: base(request), ids: [request.params.id], format: request.query.format });
    return sendPdf(reply, pdf, 'Evidence-label.pdf');
  });

  // A photo taken on the spot: one file part named "file"; the entry id in the query keeps a replay single.
  app.put('/api/evidence/:id/photos/:photoId', {
    config: { access: 'user' }, schema: { params: ZPhotoParams, querystring: z.object({ entryId: z.guid() }), response: item },
  }, async (request) => {
    const who = await actor(request);
    const files = await readNamedFiles(request, ['file']);
    return addTakenPhoto(db, { actor: who, itemId: request.params.id, photoId: request.params.photoId, entryId: request.query.entryId, file: files.file });
  });
  app.put('/api/evidence/:id/picked-photos/:photoId', {
    config: { access: 'user' }, schema: { params: ZPhotoParams, querystring: z.object({ entryId: z.guid() }), body: ZPickPhoto, response: item },
  }, async (request) => pickFieldReportPhoto(db, {
    actor: await actor(request), itemId: request.params.id, photoId: request.params.photoId, entryId: request.query.entryId,
    imageId: request.body.fieldReportImageId,
  }));
  app.get('/api/evidence/:id/photos/:photoId', {
    config: { access: 'user' }, schema: { params: ZPhotoParams, querystring: z.object({ size: z.enum(['image', 'thumbnail']).default('image') }) },
  }, async (request, reply) => {
    requireUser(request);
    const bytes = await photoBytes(db, request.params.id, request.params.photoId, request.query.size);
    return reply.type('image/jpeg').header('cache-control', 'private, max-age=31536000, immutable').send(bytes);
  });

  app.post('/api/evidence/:id/tests', { config: { access: 'user' }, schema: { params: ZEvidenceIdParams, body: ZPlanTest, response: item } },
    async (request) => planTest(db, { actor: await actor(request), itemId: request.params.id, plan: request.body, firmName: env.FIRM_NAME, timeZone: env.TZ }));
  app.post('/api/evidence-tests/:testId/notices', { config: { access: 'user' }, schema: { params: ZTestParams, body: ZRecordNotice, response: item } },
    async (request) => recordNotice(db, { actor: await actor(request), testId: request.params.testId, ...request.body }));
  app.post('/api/evidence-tests/:testId/waivers', { config: { access: 'user' }, schema: { params: ZTestParams, body: ZRecordWaiver, response: item } },
    async (request) => recordWaiver(db, { actor: await actor(request), testId: request.params.testId, ...request.body }));
  app.post('/api/evidence-tests/:testId/start', { config: { access: 'user' }, schema: { params: ZTestParams, body: ZStartTest, response: item } },
    async (request) => startTest(db, { actor: await actor(request), testId: request.params.testId, ...request.body, timeZone: env.TZ }));

  app.post('/api/evidence-documents', { config: { access: 'user' }, schema: { response: { 201: ZEvidenceDocument } } }, async (request, reply) => {
    const { user } = requireUser(request);
    const files = await readNamedFiles(request, ['file']);
    return reply.status(201).send(await storeDocument(db, { actorId: user.id, file: files.file }));
  });
  app.get('/api/evidence-documents/:id', { config: { access: 'user' }, schema: { params: ZEvidenceIdParams } }, async (request, reply) => {
    requireUser(request);
    const document = await readDocument(db, request.params.id);
    return reply.header('content-type', document.content_type)
      .header('content-disposition', `attachment; filename="${document.file_name.replace(/[^\w.-]+/g, '_')}"`).send(document.bytes);
  });
  app.post('/api/evidence/:id/close', { config: { access: 'admin' }, schema: { params: ZEvidenceIdParams, body: ZCloseItem, response: item } },
    async (request) => closeItem(db, { actor: await actor(request), itemId: request.params.id, input: request.body }));
}
