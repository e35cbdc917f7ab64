import {
  ZMailList, ZMailListQuery, ZMailMessage, ZMailParams, ZMailSettings, ZMailSettingsBody, ZMailTestBody, ZMailTestResult,
} from '../../../core/api/mail.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { getMail, listMail, sendTestMail } from './service.ts';
import { getMailSettings, saveMailSettings } from './settings.ts';
import { registerMailWorker } from './worker.ts';

/** Settings → E-mail (issue 41, docs/decisions/131): the SMTP server, Send test e-mail, Sent mail; and the outbox's worker. */
export function mailRoutes(context: AppContext) {
  const { app, db, env, jobs, tokenCipher } = context;
  registerMailWorker(jobs, { db, env, cipher: tokenCipher });
  const admin = { access: 'admin' } as const;
  // Where mail goes out from changes only from a signed-in browser, never with an API token.
  const adminSession = { access: 'admin', sessionOnly: true } as const;

  app.get('/api/settings/email', { config: admin, schema: { response: { 200: ZMailSettings } } }, async (request) => {
    requireUser(request);
    return getMailSettings(db, env);
  });

  app.put('/api/settings/email', { config: adminSession, schema: { body: ZMailSettingsBody, response: { 200: ZMailSettings } } },
    async (request) => {
      const { user } = requireUser(request);
      return saveMailSettings(db, env, tokenCipher, request.body, user.id);
    });

  app.post('/api/settings/email/test', { config: adminSession, schema: { body: ZMailTestBody, response: { 200: ZMailTestResult } } },
    async (request) => {
      const { user } = requireUser(request);
      return sendTestMail(db, jobs, { to: request.body.to, firmName: env.FIRM_NAME, actorId: user.id });
    });

  app.get('/api/mail', { config: admin, schema: { querystring: ZMailListQuery, response: { 200: ZMailList } } }, async (request) => {
    const { user } = requireUser(request);
    return listMail(db, { ...request.query, superAdmin: user.role === 'super_admin' });
  });

  app.get('/api/mail/:id', { config: admin, schema: { params: ZMailParams, response: { 200: ZMailMessage } } }, async (request) => {
    const { user } = requireUser(request);
    return getMail(db, request.params.id, user.role === 'super_admin');
  });
}
