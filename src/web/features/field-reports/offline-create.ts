import type { QueryClient } from '@tanstack/react-query';
import type { TFieldReport, TFieldReportCreate, TFieldReportListItem } from '../../../core/api/field-reports.ts';
import { createKey, createLabel } from '../../../core/field-reports/field-change.ts';
import type { ReportType } from '../../../core/field-reports/field-reports.ts';
import { localReport, NO_FACTS } from '../../../core/field-reports/new-field-report.ts';
import { changeKept, forgetKept } from '../../shared/offline/kept-records.ts';
import { dismiss, enqueue } from '../../shared/offline/outbox.ts';
import type { PickedProject } from '../../shared/project-picker/project-field.tsx';
import { keptProject, REPORT_LIST, reportUrl, storeReport } from './api.ts';
import { queuedIn, reportScope } from './field-queue.ts';

type Reports = { reports: TFieldReportListItem[] };
const listItem = (r: TFieldReport): TFieldReportListItem => ({
  id: r.id, projectId: r.projectId, projectLabel: r.projectLabel, displayNumber: r.displayNumber, reportType: r.reportType,
  date: r.date, inspectorName: r.inspectorName, status: r.status, photoCount: 0,
});

/**
 * Creates a report without a connection (docs/decisions/108): the create waits first in the queue
 * (the id is the browser's, so a replay makes no second report) and the editor opens on a local
 * copy filled with the kept project's facts, until the server answers with the number. Throws (507)
 * when the device could not keep it: nothing typed into it could be kept either.
 */
export async function createInQueue(options: {
  input: TFieldReportCreate & { reportType: ReportType }; project: PickedProject; user: { id: string; name: string }; client: QueryClient;
}): Promise<TFieldReport> {
  const { input, project, user } = options;
  const facts = (await keptProject(project.id))?.facts ?? NO_FACTS;
  const report = localReport({ id: input.id, project, reportType: input.reportType, date: input.date, inspector: user, facts });
  const key = createKey(report.id);
  await enqueue({
    id: report.id, userId: user.id, kind: 'change', scope: reportScope(report.id), key, label: createLabel(project.label),
    request: { method: 'POST', url: '/api/field-reports', json: input }, keep: { key: reportUrl(report.id) },
  });
  await changeKept<Reports>(REPORT_LIST, user.id, (list) => ({ reports: [listItem(report), ...list.reports.filter((r) => r.id !== report.id)] }));
  storeReport(options.client, report);
  return report;
}

/** Deletes a report still waiting to be created: its create, edits and photos leave the queue, and its copies the device. */
export async function discardLocal(reportId: string, userId: string) {
  await Promise.all(queuedIn(reportId).map((i) => (i.seq === undefined ? undefined : dismiss(i.seq))));
  await forgetKept(reportUrl(reportId), userId);
  await changeKept<Reports>(REPORT_LIST, userId, (list) => ({ reports: list.reports.filter((r) => r.id !== reportId) }));
}
