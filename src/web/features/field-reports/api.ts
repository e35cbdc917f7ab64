import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  TFieldReport, TFieldReportCreate, TFieldReportListItem, TFieldReportSettings, TOfflineProjects, TProjectFacts, TReportImage,
} from '../../../core/api/field-reports.ts';
import { awaitsNumber } from '../../../core/field-reports/new-field-report.ts';
import { OFFLINE_PROJECTS } from '../../shared/project-picker/index.ts';
import type { TAssignableUser } from '../../../core/api/action-items.ts';
import type { TSignatureStatus } from '../../../core/api/firm-profile.ts';
import type { AttachmentKind } from '../../../core/field-reports/field-reports.ts';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/transport.ts';
import { keepRecord, keptCopy, noAnswer, readKept, readThrough } from '../../shared/offline/kept-records.ts';
import type { OutboxRequest } from '../../lib/outbox-item.ts';
import { firmProfileKeys } from '../firm-profile/query-keys.ts';

/** Where a report is read, and its copy kept. */
export const reportUrl = (id: string) => `/api/field-reports/${id}`;
const reportKey = (id: string) => ['field-reports', 'one', id];

export function useFieldReports(q: string, projectId: string | null) {
  const params = new URLSearchParams({ ...(q ? { q } : {}), ...(projectId ? { projectId } : {}) });
  return useQuery({
    queryKey: ['field-reports', 'list', q, projectId],
    queryFn: ({ signal }) => readThrough(`${REPORT_LIST}${params}`, () => api<{ reports: TFieldReportListItem[] }>(`${REPORT_LIST}${params}`, { signal })),
    // A list holding a report created offline is read again on every opening, however fresh: its create
    // may have been answered since, and the list then has the report's number (as useFieldReport below).
    refetchOnMount: (query) => (query.state.data?.reports.some((r) => !r.displayNumber) ? 'always' : true),
    placeholderData: (previous) => previous,
    networkMode: 'always',
  });
}

// Offline (docs/decisions/150): a report, the list and the staff are read from the copies kept
// when they were last opened; the queries run without a connection ('always') to reach them.
// A report created offline is its kept local copy until the queue has sent its create (108). That
// copy is read again whenever a screen opens it: the create may have been answered while no editor
// was open, and the answer is then in the kept copy and on the server, not in this cache.
export const useFieldReport = (id: string) => useQuery({
  queryKey: reportKey(id), staleTime: Infinity, networkMode: 'always', retry: (count, error) => count < 1 && !noAnswer(error),
  refetchOnMount: (query) => (query.state.data && awaitsNumber(query.state.data) ? 'always' : true),
  queryFn: () => readThrough(reportUrl(id), () => api<TFieldReport>(reportUrl(id))).catch(async (error: unknown) => {
    const local = error instanceof ApiError && error.status === 404 ? await readKept<TFieldReport>(reportUrl(id)) : undefined;
    if (local && awaitsNumber(local)) return local;
    throw error;
  }),
});

/** The kept list of every report (the list page without a search), where a report created offline is added. */
export const REPORT_LIST = '/api/field-reports?';
const KEEP_PROJECTS_EVERY_MS = 60 * 60 * 1000;

/** Keeps the projects a report can be created for offline, at most once an hour (docs/decisions/108). */
export async function keepProjectsForOffline() {
  const kept = await keptCopy(OFFLINE_PROJECTS);
  if (!navigator.onLine || (kept && Date.now() - kept.keptAt < KEEP_PROJECTS_EVERY_MS)) return;
  await readThrough(OFFLINE_PROJECTS, () => api<TOfflineProjects>(OFFLINE_PROJECTS)).catch(() => undefined);
}

/** The kept project, with the facts a new report copies. */
export const keptProject = async (projectId: string) =>
  (await readKept<TOfflineProjects>(OFFLINE_PROJECTS))?.projects.find((p) => p.id === projectId);

/** Staff who can be named as inspector (the same list action items assign to). */
export const useStaff = () => useQuery({
  queryKey: ['assignable-users'],
  queryFn: async () => (await readThrough('/api/action-items/assignable-users', () => api<{ users: TAssignableUser[] }>('/api/action-items/assignable-users'))).users,
  staleTime: 60_000,
  networkMode: 'always',
});

export const useMySignature = () => useQuery({
  queryKey: firmProfileKeys.signature, queryFn: () => readThrough('/api/me/signature', () => api<TSignatureStatus>('/api/me/signature')), networkMode: 'always',
});

// The firm's rule of a second engineer's review (docs/decisions/142): read by the editor (kept for
// offline use), set by admins in Settings → Field reports.
const RULE_URL = '/api/settings/field-reports';
const RULE_KEY = ['settings', 'field-reports'] as const;
export const useFieldReportSettings = () => useQuery({
  queryKey: RULE_KEY, queryFn: () => readThrough(RULE_URL, () => api<TFieldReportSettings>(RULE_URL)), networkMode: 'always',
});
export function useSaveFieldReportSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TFieldReportSettings) => api<TFieldReportSettings>(RULE_URL, { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(RULE_KEY, saved),
  });
}

export const createReport = (body: TFieldReportCreate) => api<TFieldReport>('/api/field-reports', { method: 'POST', body });
export const deleteReport = (id: string) => api<void>(reportUrl(id), { method: 'DELETE' });
export const projectFacts = (projectId: string) => api<TProjectFacts>(`/api/field-reports/project-facts?projectId=${projectId}`);
export const certifyReport = (id: string, body: { version: number; drawnSignature?: string }) =>
  api<TFieldReport>(`${reportUrl(id)}/certify`, { method: 'POST', body, makesDocument: true });
/** A second engineer's sign-off of the version they read (docs/decisions/142). */
export const reviewReport = (id: string, body: { version: number; drawnSignature?: string }) =>
  api<TFieldReport>(`${reportUrl(id)}/review`, { method: 'POST', body });
export const reviseReport = (id: string, newId: string) =>
  api<TFieldReport>(`${reportUrl(id)}/revisions`, { method: 'POST', body: { newId } });

// Photos, diagrams and readings: one list each, changed the same way; every change answers the list.
type Images = { images: TReportImage[] };
const list = (id: string, kind: AttachmentKind) => `${reportUrl(id)}/${kind}`;
/**
 * The request that uploads one image by its client-made id (idempotent, docs/decisions/161): the file
 * as picked and the browser's 1,600 px JPEG of it. Sent by the offline queue.
 */
export function imageUpload(id: string, kind: AttachmentKind, imageId: string, original: File, photo: Blob | null): OutboxRequest {
  return {
    method: 'PUT', url: `${list(id, kind)}/${imageId}`,
    parts: [{ name: 'original', value: original, fileName: original.name || 'photo.jpg' }, ...(photo ? [{ name: 'photo', value: photo, fileName: 'photo.jpg' }] : [])],
  };
}
export const setCaption = (id: string, kind: AttachmentKind, imageId: string, caption: string) =>
  api<Images>(`${list(id, kind)}/${imageId}`, { method: 'PATCH', body: { caption } });
export const reorderImages = (id: string, kind: AttachmentKind, imageIds: string[]) =>
  api<Images>(`${list(id, kind)}/order`, { method: 'PUT', body: { imageIds } });
export const deleteImage = (id: string, kind: AttachmentKind, imageId: string) =>
  api<Images>(`${list(id, kind)}/${imageId}`, { method: 'DELETE' });
export const thumbnailUrl = (id: string, kind: AttachmentKind, imageId: string) => `${list(id, kind)}/${imageId}/thumbnail`;
/** The evidence copy: the original as picked (docs/decisions/103). */
export const originalUrl = (id: string, kind: AttachmentKind, imageId: string) => `${list(id, kind)}/${imageId}/original`;
export const pdfUrl = (id: string) => `${reportUrl(id)}/pdf`;

export function storeReport(client: QueryClient, report: TFieldReport) {
  client.setQueryData(reportKey(report.id), report);
  void keepRecord(reportUrl(report.id), report);
  void client.invalidateQueries({ queryKey: ['field-reports', 'list'] });
}

/** Image changes answer their list; the cached report takes it without touching the form. */
export function useImageStore(id: string, kind: AttachmentKind) {
  const client = useQueryClient();
  return (images: TReportImage[] | ((current: TReportImage[]) => TReportImage[])) =>
    client.setQueryData<TFieldReport>(reportKey(id), (r) => (r ? { ...r, [kind]: typeof images === 'function' ? images(r[kind]) : images } : r));
}
