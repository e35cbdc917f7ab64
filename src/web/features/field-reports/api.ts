import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  TFieldReport, TFieldReportCreate, TFieldReportListItem, TFieldReportUpdate, TPhoto, TProjectFacts,
} from '../../../core/api/field-reports.ts';
import type { TAssignableUser } from '../../../core/api/action-items.ts';
import type { TSignatureStatus } from '../../../core/api/firm-profile.ts';
import { api } from '../../lib/api.ts';
import { uploadFiles } from '../../lib/upload.ts';

const base = (id: string) => `/api/field-reports/${id}`;
export const reportKey = (id: string) => ['field-reports', 'one', id];

export function useFieldReports(q: string, projectId: string | null) {
  const params = new URLSearchParams({ ...(q ? { q } : {}), ...(projectId ? { projectId } : {}) });
  return useQuery({
    queryKey: ['field-reports', 'list', q, projectId],
    queryFn: ({ signal }) => api<{ reports: TFieldReportListItem[] }>(`/api/field-reports?${params}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export const useFieldReport = (id: string) =>
  useQuery({ queryKey: reportKey(id), queryFn: () => api<TFieldReport>(base(id)), staleTime: Infinity });

/** Staff who can be named as inspector (the same list action items assign to). */
export const useStaff = () => useQuery({
  queryKey: ['assignable-users'],
  queryFn: async () => (await api<{ users: TAssignableUser[] }>('/api/action-items/assignable-users')).users,
  staleTime: 60_000,
});

export const useMySignature = () => useQuery({ queryKey: ['me', 'signature'], queryFn: () => api<TSignatureStatus>('/api/me/signature') });

export const getReport = (id: string) => api<TFieldReport>(base(id));
export const createReport = (body: TFieldReportCreate) => api<TFieldReport>('/api/field-reports', { method: 'POST', body });
export const saveReport = (id: string, body: TFieldReportUpdate) => api<TFieldReport>(base(id), { method: 'PUT', body });
export const deleteReport = (id: string) => api<void>(base(id), { method: 'DELETE' });
export const projectFacts = (projectId: string) => api<TProjectFacts>(`/api/field-reports/project-facts?projectId=${projectId}`);
export const certifyReport = (id: string, body: { version: number; drawnSignature?: string }) =>
  api<TFieldReport>(`${base(id)}/certify`, { method: 'POST', body });
export const reviseReport = (id: string, newId: string) =>
  api<TFieldReport>(`${base(id)}/revisions`, { method: 'POST', body: { newId } });

type Photos = { photos: TPhoto[] };
export const uploadPhotos = (id: string, files: File[], onProgress: (f: number) => void) =>
  uploadFiles<Photos>(`${base(id)}/photos`, files, { onProgress });
export const setCaption = (id: string, photoId: string, caption: string) =>
  api<Photos>(`${base(id)}/photos/${photoId}`, { method: 'PATCH', body: { caption } });
export const reorderPhotos = (id: string, photoIds: string[]) =>
  api<Photos>(`${base(id)}/photos/order`, { method: 'PUT', body: { photoIds } });
export const deletePhoto = (id: string, photoId: string) => api<Photos>(`${base(id)}/photos/${photoId}`, { method: 'DELETE' });
export const thumbnailUrl = (id: string, photoId: string) => `${base(id)}/photos/${photoId}/thumbnail`;
export const pdfUrl = (id: string) => `${base(id)}/pdf`;

export function storeReport(client: QueryClient, report: TFieldReport) {
  client.setQueryData(reportKey(report.id), report);
  void client.invalidateQueries({ queryKey: ['field-reports', 'list'] });
}

/** Photo changes answer the photo list; the cached report takes it without touching the form. */
export function usePhotoStore(id: string) {
  const client = useQueryClient();
  return (photos: TPhoto[]) => client.setQueryData<TFieldReport>(reportKey(id), (r) => (r ? { ...r, photos } : r));
}
