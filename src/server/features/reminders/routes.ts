import { ZBillReminderParams, ZBillReminders, ZReminderSettings, ZReminderSettingsBody } from '../../../core/api/reminders.ts';
import { firmTodayIso } from '../../../core/dates/iso-date.ts';
import { MISSING_TIME_AT } from '../../../core/time/time-bill-reminders.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { enqueue } from '../../jobs/queue.ts';
import { billRemindersOf, sendBillReminders } from './bill-reminders.ts';
import { sendMissingTimeReminders } from './missing-time.ts';
import { readReminderSettings, saveReminderSettings } from './settings.ts';

/** The queue of a run asked for now (a reminder just turned on): one job per kind. */
const REMINDERS_QUEUE = 'reminders';
/** A failed run (the database away a moment) tries again this soon rather than the next day. */
const RETRY_MS = 5 * 60_000;

/**
 * Settings → Reminders, a bill's reminders, and the two daily schedules (issue 41, docs/decisions/134).
 * Both schedules run at 9:00 in the firm's zone and at every start (a Monday missed while the server
 * was down is caught up); their keys make every message once.
 */
export function reminderRoutes(context: AppContext) {
  const { app, db, env, jobs, documents } = context;
  const runs = {
    'missing-time': async () => {
      await sendMissingTimeReminders(db, { now: new Date(), timeZone: env.TZ, firmName: env.FIRM_NAME, publicUrl: env.PUBLIC_URL });
    },
    bills: async () => {
      await sendBillReminders(db, { today: firmTodayIso(env.TZ), documents, firmName: env.FIRM_NAME });
    },
  };
  jobs.every('reminders.missing-time', { dailyAt: MISSING_TIME_AT, timeZone: env.TZ }, runs['missing-time'], { runAtStart: true, retryMs: RETRY_MS });
  jobs.every('reminders.bills', { dailyAt: MISSING_TIME_AT, timeZone: env.TZ }, runs.bills, { runAtStart: true, retryMs: RETRY_MS });
  // A reminder turned on looks at once (the same runs, the same keys), not only at the next 9:00.
  jobs.handle<Record<string, never>>(REMINDERS_QUEUE, (job) => runs[job.key as keyof typeof runs]?.() ?? Promise.resolve());

  app.get('/api/settings/reminders', { config: { access: 'admin' }, schema: { response: { 200: ZReminderSettings } } },
    async () => readReminderSettings(db));

  app.put('/api/settings/reminders', {
    config: { access: 'admin' }, schema: { body: ZReminderSettingsBody, response: { 200: ZReminderSettings } },
  }, async (request) => {
    const before = await readReminderSettings(db);
    const saved = await saveReminderSettings(db, { actorId: requireUser(request).user.id, body: request.body });
    if (saved.missingTimeEnabled && !before.missingTimeEnabled) await enqueue(db, { queue: REMINDERS_QUEUE, key: 'missing-time', payload: {} });
    if (saved.billRemindersEnabled && !before.billRemindersEnabled) await enqueue(db, { queue: REMINDERS_QUEUE, key: 'bills', payload: {} });
    return saved;
  });

  // What was sent about a bill carries its amounts: super admins only, like every bill route.
  app.get('/api/bills/:id/reminders', {
    config: { access: 'super_admin' }, schema: { params: ZBillReminderParams, response: { 200: ZBillReminders } },
  }, async (request) => billRemindersOf(db, request.params.id));
}
