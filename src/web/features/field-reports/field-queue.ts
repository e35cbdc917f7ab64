import type { TFieldProblem, TFieldReport, TFieldReportFields } from '../../../core/api/field-reports.ts';
import { certifyKey, certifyLabel, fieldChangeKey, fieldChangeLabel } from '../../../core/field-reports/field-change.ts';
import { changedPaths, valueAt } from '../../../core/field-reports/field-paths.ts';
import { fieldLabel } from '../../../core/field-reports/field-reports.ts';
import type { OutboxItem } from '../../lib/outbox-item.ts';
import { newId } from '../../lib/new-id.ts';
import { enqueue, outboxState } from '../../shared/offline/outbox.ts';
import { reportUrl } from './api.ts';

type Editable = TFieldReportFields;

// A report's edits through the offline queue (docs/decisions/102): each field's unsent edit is one
// waiting change (PATCH …/fields with a client-made change id and the value it started from); the
// certification waits after them. The queue item is the durable copy: its kept draft is dropped.

export const reportScope = (id: string) => `field-report:${id}`;

/** A waiting field change's body, as sent. */
export interface ChangeBody { changeId: string; path: string; value: unknown; base: unknown }
export const changeOf = (item: OutboxItem) => (item.request.url.endsWith('/fields') ? item.request.json as ChangeBody : null);

/** This report's items in the queue (waiting or refused), oldest first. */
export const queuedIn = (reportId: string) => outboxState().items.filter((i) => i.scope === reportScope(reportId));

/** The edits (`sending` against `known`, what the server has or will have) as one change per field. */
export async function queueChanges(options: { report: TFieldReport; userId: string; known: Editable; sending: Editable }): Promise<string[]> {
  const { report, userId, known, sending } = options;
  const paths = changedPaths(known, sending);
  const items = queuedIn(report.id);
  for (const path of paths) {
    const key = fieldChangeKey(report.id, path);
    // A change of the same field, waiting or refused, is replaced in its place: it keeps the value the
    // first edit started from (a refused value never reached the server). A conflict's replacement
    // starts from `known`: their value once the person kept theirs or yours (useAutosave's settle).
    const earlier = items.find((i) => i.key === key && i.seq !== outboxState().sending);
    const base = earlier && earlier.failure?.code !== 'EDIT_CONFLICT' ? changeOf(earlier)?.base : valueAt(known, path);
    const body: ChangeBody = { changeId: newId(), path, value: valueAt(sending, path), base: base ?? null };
    await enqueue({
      id: body.changeId, userId, kind: 'change', scope: reportScope(report.id), key, label: fieldChangeLabel(report.displayNumber, path), keep: { key: reportUrl(report.id) },
      request: { method: 'PATCH', url: `/api/field-reports/${report.id}/fields`, json: body },
    });
  }
  return paths;
}

/** A certification queued after the report's waiting changes: it certifies the version they leave. */
export async function queueCertify(options: { report: TFieldReport; userId: string; version: number; drawnSignature?: string }) {
  const { report } = options;
  const afterChanges = queuedIn(report.id).map(changeOf).filter((c) => c !== null).map((c) => c.changeId);
  await enqueue({
    id: newId(), userId: options.userId, kind: 'change', scope: reportScope(report.id), key: certifyKey(report.id),
    label: certifyLabel(report.displayNumber), keep: { key: reportUrl(report.id) },
    request: {
      method: 'POST', url: `/api/field-reports/${report.id}/certify`,
      json: { version: options.version, afterChanges, ...(options.drawnSignature ? { drawnSignature: options.drawnSignature } : {}) },
    },
  });
}

/** A change refused because the field changed meanwhile: the person picks theirs or yours. */
export interface FieldConflict { seq: number; path: string; theirs: unknown; yours: unknown; current?: TFieldReport }

export function conflictsIn(items: readonly OutboxItem[]): FieldConflict[] {
  return items.flatMap((item) => {
    const details = item.failure?.code === 'EDIT_CONFLICT' ? item.failure.details as Partial<FieldConflict> & { field?: string } : null;
    if (!details?.field || item.seq === undefined) return [];
    return [{ seq: item.seq, path: details.field, theirs: details.theirs, yours: details.yours, current: details.current }];
  });
}

/**
 * The fields the server refused among a report's queued changes: the rule's own words from
 * `details.fields` (a save's refusal, docs/decisions/066), else the refusal's message at the
 * change's field. A conflict is not a refusal: the person settles it (FieldConflicts).
 */
export function refusalsIn(items: readonly OutboxItem[]): TFieldProblem[] {
  return items.flatMap((item) => {
    const change = changeOf(item);
    if (!change || !item.failure || item.failure.code === 'EDIT_CONFLICT') return [];
    const fields = (item.failure.details as { fields?: TFieldProblem[] } | undefined)?.fields;
    return fields?.length ? fields : [{ path: change.path, label: fieldLabel(change.path), message: item.failure.message }];
  });
}
