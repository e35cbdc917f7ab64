import type { TReminderSettings } from '../../../core/api/reminders.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';

/** Settings → Reminders (migration 044's one row). */
export async function readReminderSettings(db: DbOrTx): Promise<TReminderSettings> {
  const row = await db.selectFrom('reminder_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return { missingTimeEnabled: row.missing_time_enabled, billRemindersEnabled: row.bill_reminders_enabled, version: row.version };
}

/** Saves at the version the page read; a stale one is EDIT_CONFLICT carrying the current settings. */
export async function saveReminderSettings(db: DbOrTx, options: { actorId: string; body: TReminderSettings }): Promise<TReminderSettings> {
  const { body } = options;
  const saved = await db.updateTable('reminder_settings').set((eb) => ({
    missing_time_enabled: body.missingTimeEnabled, bill_reminders_enabled: body.billRemindersEnabled,
    updated_by: options.actorId, updated_at: new Date(), version: eb('version', '+', 1),
  })).where('id', '=', 1).where('version', '=', body.version).returning('id').executeTakeFirst();
  const current = await readReminderSettings(db);
  if (!saved) throw new AppError('EDIT_CONFLICT', undefined, { current });
  return current;
}
