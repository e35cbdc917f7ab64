import { useEffect, useRef } from 'react';
import type { TAnnotation } from '../../../core/field-reports/annotations.ts';
import type { TAnnotationsSave, TReportImage } from '../../../core/api/field-reports.ts';
import type { AttachmentKind } from '../../../core/field-reports/field-reports.ts';
import { newId } from '../../lib/new-id.ts';
import { useUser } from '../../shared/auth.tsx';
import { enqueue, onOutboxAnswer, outboxState } from '../../shared/offline/outbox.ts';
import { useImageStore } from './api.ts';

const imageBase = (id: string, kind: AttachmentKind, imageId: string) => `/api/field-reports/${id}/${kind}/${imageId}`;
/** The stored image (long side 1,600 px), which the editor draws over. */
export const imageUrl = (id: string, kind: AttachmentKind, imageId: string) => `${imageBase(id, kind, imageId)}/image`;

const scopeOf = (reportId: string) => `field-report:${reportId}`;
const keyOf = (imageId: string) => `annotations:${imageId}`;

/** The version a new save edits: a save of the same image still waiting keeps its own (the new one takes its place). */
function baseVersion(image: TReportImage): number {
  const waiting = outboxState().items.find((i) => i.key === keyOf(image.id) && !i.failure && i.seq !== outboxState().sending);
  return waiting ? (waiting.request.json as TAnnotationsSave).version : image.annotationsVersion;
}

/**
 * Saves an image's annotations through the offline queue (docs/decisions/102, 104): one change,
 * sent once when there is a connection. The report shows them at once, with the version the
 * server will give them, so a second save made before the first went out follows it in order.
 * The server's answer (while the report is open) brings that image's stored annotations; a
 * refusal (a certified report, someone else's newer annotations) puts back what the server has,
 * and the queue's list keeps the reason.
 */
export function useSaveAnnotations(reportId: string, kind: AttachmentKind, imageId: string) {
  const user = useUser();
  const store = useImageStore(reportId, kind);
  const storeRef = useRef(store);
  storeRef.current = store;

  useEffect(() => onOutboxAnswer(scopeOf(reportId), (item, answer) => {
    if (item.key !== keyOf(imageId)) return;
    // A later save of the same image still waits: the screen keeps showing that one.
    if (outboxState().items.some((i) => i.key === item.key && i.seq !== item.seq && !i.failure)) return;
    const body = answer.ok ? answer.body as { images?: TReportImage[] } | undefined : undefined;
    const details = answer.ok ? undefined : answer.failure.details as { current?: TReportImage } | undefined;
    const server = body?.images?.find((i) => i.id === imageId) ?? details?.current;
    if (!server) return;
    storeRef.current((images) => images.map((i) => (i.id === imageId
      ? { ...i, annotations: server.annotations, annotationsVersion: server.annotationsVersion } : i)));
  }), [reportId, imageId]);

  return async (image: TReportImage, annotations: TAnnotation[], label: string) => {
    const version = baseVersion(image);
    store((images) => images.map((i) => (i.id === image.id ? { ...i, annotations, annotationsVersion: version + 1 } : i)));
    await enqueue({
      id: newId(), userId: user.id, kind: 'change', scope: scopeOf(reportId), key: keyOf(image.id), label,
      request: { method: 'PUT', url: `${imageBase(reportId, kind, image.id)}/annotations`, json: { annotations, version } satisfies TAnnotationsSave },
    }).catch(() => {
      // Not kept on this device (the queue's line says so): the photo shows what it had.
      store((images) => images.map((i) => (i.id === image.id ? image : i)));
    });
  };
}
