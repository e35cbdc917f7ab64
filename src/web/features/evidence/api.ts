import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCaseEvidence, TChainVerdict, TCollectItem, TEvidenceItem, TFieldReportPhotos } from '../../../core/api/evidence.ts';
import type { MovementKind } from '../../../core/evidence.ts';
import { api } from '../../lib/api.ts';
import { newId } from '../../lib/new-id.ts';
import { uploadFiles } from '../../lib/upload.ts';
import { enqueue } from '../../shared/offline/outbox.ts';
import { evidenceKeys } from './query-keys.ts';

// Evidence custody's fetchers and hooks (issue 42). A custody entry is saved through the one outbox
// (docs/decisions/129) under its client-made id, online or not: a transfer made without a
// connection waits in it, counted in the header, and is sent in order when the connection returns.

export const useCaseEvidence = (caseId: string) =>
  useQuery({ queryKey: evidenceKeys.ofCase(caseId), queryFn: () => api<TCaseEvidence>(`/api/cases/${caseId}/evidence`) });
export const useEvidenceItem = (id: string) =>
  useQuery({ queryKey: evidenceKeys.item(id), queryFn: () => api<TEvidenceItem>(`/api/evidence/${id}`) });

export function useInvalidateEvidence() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: evidenceKeys.all });
}

export type CollectBody = Omit<TCollectItem, 'entryId' | 'derivedFrom'> & { derivedFrom?: TCollectItem['derivedFrom'] };
export const collectItem = (id: string, body: CollectBody) =>
  api<TEvidenceItem>(`/api/evidence/${id}`, { method: 'PUT', body: { ...body, entryId: newId() } });

export const evidenceScope = (itemId: string) => `evidence:${itemId}`;

export interface EntryBody {
  kind: MovementKind | 'correction';
  at: string;
  from: string;
  to: string;
  location: string;
  purpose: string;
  correctsId?: string | null;
  signedByName: string;
  signature: string;
}

/** A custody entry into the outbox: sent now when online, else when the connection returns. */
export async function queueEntry(options: { userId: string; item: { id: string; tag: string }; body: EntryBody }) {
  const entryId = newId();
  const { item, body } = options;
  await enqueue({
    id: entryId, userId: options.userId, kind: 'change', scope: evidenceScope(item.id), key: `evidence-entry:${entryId}`,
    label: `${item.tag}: ${body.kind === 'correction' ? 'correction' : `transfer to ${body.to || body.location}`}`,
    request: { method: 'PUT', url: `/api/evidence/${item.id}/entries/${entryId}`, json: body },
  });
  return entryId;
}

export const verifyChain = (id: string) => api<TChainVerdict>(`/api/evidence/${id}/verify`, { method: 'POST' });

export const addPhoto = (id: string, file: File) =>
  uploadFiles<TEvidenceItem>(`/api/evidence/${id}/photos/${newId()}?entryId=${newId()}`, [file], { method: 'PUT' });

export const photoUrl = (itemId: string, photoId: string, size: 'image' | 'thumbnail' = 'thumbnail') =>
  `/api/evidence/${itemId}/photos/${photoId}?size=${size}`;
export const signatureUrl = (itemId: string, entryId: string) => `/api/evidence/${itemId}/entries/${entryId}/signature`;
export const itemLabelsUrl = (id: string) => `/api/evidence/${id}/labels.pdf`;
export const itemCustodyUrl = (id: string) => `/api/evidence/${id}/custody.pdf`;
export const caseLabelsUrl = (caseId: string) => `/api/cases/${caseId}/evidence/labels.pdf`;
export const caseCustodyUrl = (caseId: string) => `/api/cases/${caseId}/evidence/custody.pdf`;

export interface PlanBody { what: string; place: string; plannedFor: string; performedBy: string }
export const planTest = (itemId: string, body: PlanBody) =>
  api<TEvidenceItem>(`/api/evidence/${itemId}/tests`, { method: 'POST', body: { ...body, testId: newId() } });
export const startTest = (testId: string, body: { at: string; signedByName: string; signature: string }) =>
  api<TEvidenceItem>(`/api/evidence-tests/${testId}/start`, { method: 'POST', body: { ...body, entryId: newId() } });
export const recordNotice = (testId: string, body: { partyId: string; method: string; address: string; toldAt: string }) =>
  api<TEvidenceItem>(`/api/evidence-tests/${testId}/notices`, { method: 'POST', body });
export async function recordWaiver(testId: string, partyId: string, file: File) {
  const document = await uploadFiles<{ id: string }>('/api/evidence-documents', [file]);
  return api<TEvidenceItem>(`/api/evidence-tests/${testId}/waivers`, { method: 'POST', body: { partyId, documentId: document.id } });
}

export const useFieldReportPhotos = (caseId: string) => useQuery({
  queryKey: evidenceKeys.fieldReportPhotos(caseId), queryFn: () => api<TFieldReportPhotos>(`/api/cases/${caseId}/evidence/field-report-photos`),
});
export const reportThumbnailUrl = (reportId: string, imageId: string) => `/api/field-reports/${reportId}/photos/${imageId}/thumbnail`;
export const pickPhoto = (itemId: string, fieldReportImageId: string) =>
  api<TEvidenceItem>(`/api/evidence/${itemId}/picked-photos/${newId()}?entryId=${newId()}`, { method: 'PUT', body: { fieldReportImageId } });

export interface CloseBody {
  kind: 'returned' | 'disposed'; to: string; purpose: string; authorizedBy: string; authorizedAt: string; signedByName: string; signature: string;
}
/** Return or disposal: the authorization document first, then the signed closing entry. */
export async function closeItem(itemId: string, body: CloseBody, document: File | null) {
  const documentId = document ? (await uploadFiles<{ id: string }>('/api/evidence-documents', [document])).id : '';
  return api<TEvidenceItem>(`/api/evidence/${itemId}/close`, { method: 'POST', body: { ...body, documentId, at: new Date().toISOString(), entryId: newId() } });
}

export const setNoticeDays = (caseId: string, noticeDays: number) =>
  api<TCaseEvidence>(`/api/cases/${caseId}/evidence-settings`, { method: 'PUT', body: { noticeDays } });
