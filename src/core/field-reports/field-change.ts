import { fieldPaths, sameValue, valueAt } from './field-paths.ts';
import { fieldLabel } from './field-reports.ts';
import { reportName } from './new-field-report.ts';

// One field's change sent from the offline queue (issue 26, docs/decisions/102): the value typed,
// and the value the edit started from (its base). Rules only: shared by the change route and the
// editor.

/**
 * What the server does with a change: 'apply' it (its field still holds the base), answer it as
 * it is ('same': the field already holds the value, e.g. the same edit made twice), refuse it as
 * a 'conflict' (someone else changed the field since: the person chooses), or refuse an
 * 'unknown' path (not a field of the form).
 */
export type FieldChangeOutcome = 'apply' | 'same' | 'conflict' | 'unknown';

export function fieldChangeOutcome(stored: unknown, change: { path: string; value: unknown; base: unknown }): FieldChangeOutcome {
  if (!fieldPaths(stored).includes(change.path)) return 'unknown';
  const now = valueAt(stored, change.path);
  if (sameValue(now, change.value)) return 'same';
  return sameValue(now, change.base) ? 'apply' : 'conflict';
}

/** The queue's key of a report field: a later edit of the same field replaces the waiting one. */
export const fieldChangeKey = (reportId: string, path: string) => `field-report:${reportId}:${path}`;

/** What the queue's list says: 'Report 0007: Damage summary' ('New report: …' before it has a number). */
export const fieldChangeLabel = (displayNumber: string, path: string) => `${reportName(displayNumber)}: ${fieldLabel(path)}`;

/** The queue's key and label of a report's certification, waiting after its changes. */
export const certifyKey = (reportId: string) => `field-report:${reportId}:certify`;
export const certifyLabel = (displayNumber: string) => `${reportName(displayNumber)}: Certification`;

/** The queue's key and label of a report created offline: sent first, so its changes and photos find it. */
export const createKey = (reportId: string) => `field-report:${reportId}:create`;
export const createLabel = (projectLabel: string) => `New report: ${projectLabel}`;

/** Change ids kept on the server (replays within this time are answered, not applied again). */
export const FIELD_CHANGE_RETENTION_DAYS = 90;
