import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TCaseEvidence, TChainVerdict, TCollectItem, TEvidenceItem, TFieldReportPhotos } from '../../../core/api/evidence.ts';
import type { MovementKind } from '../../../core/evidence/evidence.ts';
import { awaitsTag, summaryOf, withItem } from '../../../core/evidence/evidence-local.ts';
import { api } from '../../lib/api.ts';
import { newId } from '../../lib/new-id.ts';
import { ApiError } from '../../lib/transport.ts';
import { uploadFiles } from '../../lib/upload.ts';
import { changeKept, keepRecord, keptCopy, noAnswer, readKept, readThrough } from '../../shared/offline/kept-records.ts';
import { ANY_SCOPE, enqueue, onOutboxAnswer } from '../../shared/offline/outbox.ts';
import { evidenceKeys } from './query-keys.ts';

// Evidence custody's fetchers and hooks (issue 42). Every write made in the field (collecting an
// item, its photos, a custody entry) is saved through the one outbox (docs/decisions/129, 144) under
// its client-made ids, online or not: made without a connection, it waits, counted in the header,
// and is sent in order when the connection returns; each answer replaces the item's kept copy.
// Items and the case's list are read through copies kept on the device, so a label scanned without
// a connection opens its item.

export const itemUrl = (id: string) => `/api/evidence/${id}`;
const caseUrl = (caseId: string) => `/api/cases/${caseId}/evidence`;

export const useCaseEvidence = (caseId: string) => useQuery({
  queryKey: evidenceKeys.ofCase(caseId), networkMode: 'always', queryFn: () => readThrough(caseUrl(caseId), () => api<TCaseEvidence>(caseUrl(caseId))),
});
export const useEvidenceItem = (id: string) => useQuery({
  queryKey: evidenceKeys.item(id), networkMode: 'always', retry: (count, error) => count < 1 && !noAnswer(error),
  queryFn: () => readThrough(itemUrl(id), () => api<TEvidenceItem>(itemUrl(id))).catch(async (error: unknown) => {
    // Collected on this device and not yet on the server: its local copy.
    const local = error instanceof ApiError && error.status === 404 ? await readKept<TEvidenceItem>(itemUrl(id)) : undefined;
    if (local && awaitsTag(local)) return local;
    throw error;
  }),
});

export function useInvalidateEvidence() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: evidenceKeys.all });
}

/** A cached item, or a case's list, holding an item collected on this device that has no tag number yet. */
const holdsUntagged = (data: unknown) => {
  const d = data as Partial<TEvidenceItem & TCaseEvidence> | undefined;
  return (d?.tagNumber !== undefined && awaitsTag({ tagNumber: d.tagNumber })) || (d?.items ?? []).some(awaitsTag);
};

/**
 * While a screen of evidence is open, each answer to one of its writes (any item's) reads the items
 * again as the server now has them. On opening one, the copies still waiting for a tag are read again
 * too: the answer may have come while no evidence screen was open (between the case page and the
 * item's, the item's screen still loading), and the local copy would have stayed on screen.
 */
export function useEvidenceAnswers() {
  const client = useQueryClient();
  useEffect(() => {
    void client.invalidateQueries({ queryKey: evidenceKeys.all, predicate: (query) => holdsUntagged(query.state.data) });
    return onOutboxAnswer(ANY_SCOPE, (sent) => {
      if (sent.scope.startsWith('evidence:')) void client.invalidateQueries({ queryKey: evidenceKeys.all });
    });
  }, [client]);
}

const KEEP_CASE_EVERY_MS = 5 * 60_000;
/** Keeps every item of the case on the device (at most every 5 minutes while its page is open), for its labels to open offline. */
export async function keepCaseItemsForOffline(caseId: string) {
  const mark = `${caseUrl(caseId)}/items`;
  const kept = await keptCopy(mark);
  if (!navigator.onLine || (kept && Date.now() - kept.keptAt < KEEP_CASE_EVERY_MS)) return;
  const answer = await api<{ items: TEvidenceItem[] }>(mark).catch(() => null);
  if (!answer) return;
  await Promise.all(answer.items.map((item) => keepRecord(itemUrl(item.id), item)));
  await keepRecord(mark, answer.items.length);
}

export const evidenceScope = (itemId: string) => `evidence:${itemId}`;

/**
 * Collects an item through the outbox: its local copy is kept and shown first (in the case's list,
 * and in its test item's when it is a result), then the collection and each photo wait in order.
 */
export async function queueCollect(options: { userId: string; client: QueryClient; input: TCollectItem; local: TEvidenceItem; photos: readonly File[] }) {
  const { userId, client, input, local } = options;
  await keepRecord(itemUrl(local.id), local);
  client.setQueryData(evidenceKeys.item(local.id), local);
  const summary = summaryOf(local);
  await changeKept<TCaseEvidence>(caseUrl(local.caseId), userId, (list) => ({ ...list, items: withItem(list.items, summary) }));
  client.setQueryData<TCaseEvidence>(evidenceKeys.ofCase(local.caseId), (list) => list && { ...list, items: withItem(list.items, summary) });
  if (local.parent) {
    const parentId = local.parent.id;
    const add = (parent: TEvidenceItem) => ({ ...parent, derived: withItem(parent.derived, summary) });
    await changeKept<TEvidenceItem>(itemUrl(parentId), userId, add);
    client.setQueryData<TEvidenceItem>(evidenceKeys.item(parentId), (parent) => parent && add(parent));
  }
  await enqueue({
    id: local.id, userId, kind: 'change', scope: evidenceScope(local.id), key: `evidence-item:${local.id}`, label: `Collect ${input.description}`.slice(0, 120),
    request: { method: 'PUT', url: itemUrl(local.id), json: input }, keep: { key: itemUrl(local.id) },
  });
  for (const photo of options.photos) await queuePhoto({ userId, item: local, file: photo });
}

/** A photo taken on the spot into the outbox: its own id and its entry's, so a replay adds it once. */
export async function queuePhoto(options: { userId: string; item: { id: string; tag: string }; file: File }) {
  const { item, file } = options;
  const photoId = newId();
  await enqueue({
    id: photoId, userId: options.userId, kind: 'photo', scope: evidenceScope(item.id), key: `evidence-photo:${photoId}`, label: `${item.tag}: photo ${file.name}`,
    request: { method: 'PUT', url: `${itemUrl(item.id)}/photos/${photoId}?entryId=${newId()}`, parts: [{ name: 'file', value: file, fileName: file.name }] },
    keep: { key: itemUrl(item.id) },
  });
}

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
    request: { method: 'PUT', url: `${itemUrl(item.id)}/entries/${entryId}`, json: body }, keep: { key: itemUrl(item.id) },
  });
  return entryId;
}

export const verifyChain = (id: string) => api<TChainVerdict>(`/api/evidence/${id}/verify`, { method: 'POST' });

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
