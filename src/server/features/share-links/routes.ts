import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { ZReportIdParams } from '../../../core/api/field-reports.ts';
import {
  ZCreatedShareLink, ZCreateShareLinkBody, ZSharedPhotoParams, ZSharedReport, ZSharedTokenParams, ZShareLink, ZShareLinkList, ZShareLinkParams,
} from '../../../core/api/share-links.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { requireUser } from '../../http/session.ts';
import { throttle } from '../../http/throttle.ts';
import { sendPdf } from '../../documents/send.ts';
import { createShareLink, listShareLinks, revokeShareLink } from './service.ts';
import { openSharedReport, sharedPdf, sharedPhoto } from './shared.ts';
import { firmTodayIso } from '../../../core/dates/iso-date.ts';

/** Requests one address may send to the shared routes a minute (a page with its photos is a few dozen). */
const SHARED_PER_MINUTE = 300;
/** Refused links one address may try a minute before every shared request of its answers 429. */
const MISSES_PER_MINUTE = 20;

/** This minute's count under `key` (the throttle's table), without counting. */
async function countThisMinute(db: Db, key: string) {
  const row = await db.selectFrom('request_counts').select('count')
    .where('key', '=', key).where('window_start', '=', sql<Date>`date_trunc('minute', now())`).executeTakeFirst();
  return row?.count ?? 0;
}

/**
 * Client share links (docs/decisions/105). Staff routes under a report (every signed-in member of
 * staff, as field reports are); the anonymous ones under /api/shared/{token}: the only routes that
 * read report data without a session. They only read (GET), so no CSRF token is involved.
 */
export function shareLinkRoutes({ app, db, env }: AppContext) {
  const viewerOf = (request: FastifyRequest) => {
    const { user } = requireUser(request);
    return { id: user.id, role: user.role };
  };

  app.get('/api/field-reports/:id/share-links', { config: { access: 'user' }, schema: { params: ZReportIdParams, response: { 200: ZShareLinkList } } },
    async (request) => ({ links: await listShareLinks(db, { reportId: request.params.id, viewer: viewerOf(request) }) }));

  app.post('/api/field-reports/:id/share-links', { config: { access: 'user' }, schema: { params: ZReportIdParams, body: ZCreateShareLinkBody, response: { 201: ZCreatedShareLink } } },
    async (request, reply) => {
      const created = await createShareLink(db, {
        reportId: request.params.id, viewer: viewerOf(request), ...request.body, today: firmTodayIso(env.TZ),
      });
      return reply.status(201).send(created);
    });

  app.delete('/api/field-reports/:id/share-links/:linkId', { config: { access: 'user' }, schema: { params: ZShareLinkParams, response: { 200: ZShareLink } } },
    async (request) => revokeShareLink(db, { reportId: request.params.id, linkId: request.params.linkId, viewer: viewerOf(request) }));

  /** Every anonymous request is counted per address; an address that keeps naming dead links is refused for the minute. */
  async function guarded<T>(request: FastifyRequest, read: () => Promise<T>): Promise<T> {
    await throttle(db, `shared:${request.ip}`, SHARED_PER_MINUTE);
    if (await countThisMinute(db, `shared-miss:${request.ip}`) >= MISSES_PER_MINUTE) throw new AppError('RATE_LIMIT');
    try {
      return await read();
    } catch (error) {
      if (error instanceof AppError && error.code === 'RECORD_NOT_FOUND') await throttle(db, `shared-miss:${request.ip}`, Number.MAX_SAFE_INTEGER);
      throw error;
    }
  }
  const open = { config: { access: 'public' } } as const;

  app.get('/api/shared/:token', { ...open, schema: { params: ZSharedTokenParams, response: { 200: ZSharedReport } } },
    (request) => guarded(request, () => openSharedReport(db, { token: request.params.token, defaultFirmName: env.FIRM_NAME, timeZone: env.TZ })));

  app.get('/api/shared/:token/pdf', { ...open, schema: { params: ZSharedTokenParams } }, async (request, reply) => {
    const { pdf, fileName } = await guarded(request, () => sharedPdf(db, request.params.token));
    return sendPdf(reply, pdf, fileName);
  });

  for (const size of ['image', 'thumbnail'] as const) {
    app.get(`/api/shared/:token/photos/:imageId${size === 'image' ? '' : '/thumbnail'}`, { ...open, schema: { params: ZSharedPhotoParams } },
      async (request, reply) => {
        const { token, imageId } = request.params;
        const bytes = await guarded(request, () => sharedPhoto(db, { token, imageId, size }));
        return reply.type('image/jpeg').send(bytes);
      });
  }
}
