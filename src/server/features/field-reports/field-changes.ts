import { sql } from 'kysely';
import type { TFieldReport } from '../../../core/api/field-reports.ts';
import { FIELD_CHANGE_RETENTION_DAYS, fieldChangeOutcome } from '../../../core/field-reports/field-change.ts';
import { valueAt, withValueAt } from '../../../core/field-reports/field-paths.ts';
import { fieldLabel } from '../../../core/field-reports/field-reports.ts';
import { withActor, type DbOrTx, type Tx } from '../../db/connection.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { getReport } from './reads.ts';
import { draftForUpdate, storedFields, updateReport } from './writes.ts';

export interface FieldChange { changeId: string; path: string; value: unknown; base: unknown }

/**
 * One field's change from the offline queue (docs/decisions/102), applied once: a replay of the
 * same change id answers the report without applying it again. The change is applied only while
 * the field still holds the value the edit started from (`base`); a field changed meanwhile by
 * someone else is a 409 EDIT_CONFLICT naming the field, with the current report, so the person
 * chooses. The field's own rules are those of a save (checkReportSave, docs/decisions/066).
 */
export async function changeField(
  db: DbOrTx,
  options: { actorId: string; id: string; change: FieldChange; today: Date },
): Promise<TFieldReport> {
  const { change, id, actorId } = options;
  return withActor(db, actorId, async (tx) => {
    const applied = await tx.selectFrom('field_report_changes').select('report_id').where('id', '=', change.changeId).executeTakeFirst();
    if (applied) return getReport(tx, applied.report_id);
    const row = await draftForUpdate(tx, id);
    const stored = storedFields(row);
    const outcome = fieldChangeOutcome(stored, change);
    if (outcome === 'unknown') throw refuse(change.path, `${change.path} is not a field of a field report.`, 'unknown_field');
    if (outcome === 'conflict') {
      throw new AppError('EDIT_CONFLICT', `${fieldLabel(change.path)} was changed by someone else while yours waited to be sent.`, {
        field: change.path, theirs: valueAt(stored, change.path), yours: change.value, current: await getReport(tx, id),
      });
    }
    const report = outcome === 'same' ? await getReport(tx, id) : await updateReport(tx, {
      actorId, id, today: options.today, input: { ...withValueAt(stored, change.path, change.value), version: row.version },
    });
    await remember(tx, { ...change, reportId: id, actorId, versionAfter: report.version });
    return report;
  });
}

async function remember(tx: Tx, c: { changeId: string; reportId: string; path: string; actorId: string; versionAfter: number }) {
  await tx.insertInto('field_report_changes').values({
    id: c.changeId, report_id: c.reportId, path: c.path, version_after: c.versionAfter, applied_by: c.actorId,
  }).execute();
  // Retention: the ids of changes older than the retention time are forgotten (a replay that late
  // meets its own value and is answered as 'same').
  await tx.deleteFrom('field_report_changes')
    .where('applied_at', '<', sql<Date>`now() - make_interval(days => ${FIELD_CHANGE_RETENTION_DAYS})`).execute();
}

/**
 * The version a certification queued after changes certifies: the report as the last of them left
 * it. A change that was not applied (refused, or a conflict still to settle) stops it.
 */
export async function versionAfterChanges(tx: Tx, reportId: string, changeIds: readonly string[]): Promise<number | null> {
  const rows = await tx.selectFrom('field_report_changes').select('version_after')
    .where('report_id', '=', reportId).where('id', 'in', changeIds).execute();
  return rows.length === new Set(changeIds).size ? Math.max(...rows.map((r) => r.version_after)) : null;
}
