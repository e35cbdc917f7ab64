import { ZBillReminderParams, ZBillReminders, ZReminderSettings, ZReminderSettingsBody } from '../../../core/api/reminders.ts';
import { firmTodayIso } from '../../../core/iso-date.ts';
import { MISSING_TIME_AT } from '../../../core/time-bill-reminders.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { billRemindersOf, sendBillReminders } from './bill-reminders.ts';
import { sendMissingTimeReminders } from './missing-time.ts';
import { readReminderSettings, saveReminderSettings } from './settings.ts';

/** A failed run (the database away a moment) tries again this soon rather than the next day. */
const RETRY_MS = 5 * 60_000;

/**
 * Settings → Reminders, a bill's reminders, and the two daily schedules (issue 41, docs/decisions/134).
 * Both schedules run at 9:00 in the firm's zone and at every start (a Monday missed while the server
 * was down is caught up); their keys make every message once.
 */
export function reminderRoutes(context: AppContext) {
  const { app, db, env, jobs, documents } = context;
  jobs.every('reminders.missing-time', { dailyAt: MISSING_TIME_AT, timeZone: env.TZ }, async () => {
    await sendMissingTimeReminders(db, { now: new Date(), timeZone: env.TZ, firmName: env.FIRM_NAME, publicUrl: env.PUBLIC_URL });
  }, { runAtStart: true, retryMs: RETRY_MS });
  jobs.every('reminders.bills', { dailyAt: MISSING_TIME_AT, timeZone: env.TZ }, async () => {
    await sendBillReminders(db, { today: firmTodayIso(env.TZ), documents, firmName: env.FIRM_NAME });
  }, { runAtStart: true, retryMs: RETRY_MS });

  app.get('/api/settings/reminders', { config: { access: 'admin' }, schema: { response: { 200: ZReminderSettings } } },
    async () => readReminderSettings(db));

  app.put('/api/settings/reminders', {
    config: { access: 'admin' }, schema: { body: ZReminderSettingsBody, response: { 200: ZReminderSettings } },
  }, async (request) => saveReminderSettings(db, { actorId: requireUser(request).user.id, body: request.body }));

  // What was sent about a bill carries its amounts: super admins only, like every bill route.
  app.get('/api/bills/:id/reminders', {
    config: { access: 'super_admin' }, schema: { params: ZBillReminderParams, response: { 200: ZBillReminders } },
  }, async (request) => billRemindersOf(db, request.params.id));
}
