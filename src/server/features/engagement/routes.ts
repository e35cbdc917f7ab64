import { z } from 'zod';
import {
  SIGNED_LETTER_MESSAGES, ZCaseParams, ZEngagement, ZEngagementTemplate, ZEngagementTemplateBody, ZRetainerRequested, ZSignedLetterParams,
  ZSignedLetterQuery,
} from '../../../core/api/engagement.ts';
import { engagementLetterFileName, letterValues } from '../../../core/cases/engagement-letter.ts';
import { renderTemplate } from '../../../core/cases/engagement-template.ts';
import type { AppContext } from '../../app-context.ts';
import { refuse } from '../../errors/app-error.ts';
import { requireUser } from '../../http/session.ts';
import { loadLetterhead } from '../../documents/firm-letterhead.ts';
import { sendPdf } from '../../documents/send.ts';
import { readOnePdf } from '../../uploads/pdf-upload.ts';
import { letterFacts } from './letter-facts.ts';
import { retainerRequested, setRetainerRequested } from './retainer-requested.ts';
import { engagementOf, recordSignedLetter, signedLetterPdf } from './signed-letters.ts';
import { getTemplate, saveTemplate } from './template-service.ts';
import { firmTodayIso } from '../../../core/dates/iso-date.ts';

const ZNoQuery = z.object({}).strict();

/**
 * The engagement letter (issue 39, docs/decisions/121). The template holds no money: admins keep it.
 * The letter of a case prints its rates and retainer, and the signed letter repeats them: super admins
 * only. Whether a case is engaged is not money: everyone signed in reads it; admins record it.
 */
export function engagementRoutes({ app, db, env, documents }: AppContext) {
  const admin = { access: 'admin' } as const;
  const superAdmin = { access: 'super_admin' } as const;

  app.get('/api/settings/engagement-letter', { config: admin, schema: { response: { 200: ZEngagementTemplate } } }, async () => getTemplate(db));

  app.put('/api/settings/engagement-letter', { config: admin, schema: { body: ZEngagementTemplateBody, response: { 200: ZEngagementTemplate } } },
    async (request) => saveTemplate(db, { actorId: requireUser(request).user.id, ...request.body }));

  app.get('/api/cases/:id/engagement/pdf', { config: superAdmin, schema: { params: ZCaseParams } }, async (request, reply) => {
    const { remittance: _remittance, ...letterhead } = await loadLetterhead(db, env.FIRM_NAME);
    const facts = await letterFacts(db, { caseId: request.params.id, today: firmTodayIso(env.TZ), firmName: letterhead.firmName });
    const text = renderTemplate((await getTemplate(db)).template, letterValues(facts));
    const title = `Engagement letter — ${facts.fileNumber}`;
    return sendPdf(reply, await documents.pdf('engagementLetter', { title, text }, letterhead), engagementLetterFileName(facts.fileNumber));
  });

  app.get('/api/cases/:id/engagement/retainer', { config: superAdmin, schema: { params: ZCaseParams, response: { 200: ZRetainerRequested } } },
    async (request) => retainerRequested(db, request.params.id));

  app.put('/api/cases/:id/engagement/retainer', {
    config: superAdmin, schema: { params: ZCaseParams, body: ZRetainerRequested, response: { 200: ZRetainerRequested } },
  }, async (request) => setRetainerRequested(db, {
    actorId: requireUser(request).user.id, caseId: request.params.id, amount: request.body.retainerRequested,
  }));

  app.get('/api/cases/:id/engagement', { config: { access: 'user' }, schema: { params: ZCaseParams, response: { 200: ZEngagement } } },
    async (request) => engagementOf(db, request.params.id));

  app.post('/api/cases/:id/engagement/signed', {
    config: admin, schema: { params: ZCaseParams, querystring: ZSignedLetterQuery, response: { 201: ZEngagement } },
  }, async (request, reply) => {
    const { engagedOn } = request.query;
    if (engagedOn > firmTodayIso(env.TZ)) {
      throw refuse('engagedOn', SIGNED_LETTER_MESSAGES.future, 'not_after_today');
    }
    const file = await readOnePdf(request);
    const engagement = await recordSignedLetter(db, { actorId: requireUser(request).user.id, caseId: request.params.id, engagedOn, file });
    return reply.status(201).send(engagement);
  });

  app.get('/api/engagement-letters/:id/pdf', { config: superAdmin, schema: { params: ZSignedLetterParams, querystring: ZNoQuery } },
    async (request, reply) => {
      const { pdf, fileName } = await signedLetterPdf(db, request.params.id);
      return sendPdf(reply, pdf, fileName);
    });
}
