import { useEffect, useMemo, useRef, useState } from 'react';
import type { TReportImage } from '../../../core/api/field-reports.ts';
import { ATTACHMENTS, type AttachmentKind } from '../../../core/field-reports/field-reports.ts';
import type { OutboxItem } from '../../lib/outbox-item.ts';
import { newId } from '../../lib/new-id.ts';
import { useAuth } from '../../shared/auth.tsx';
import { enqueue, onOutboxAnswer } from '../../shared/offline/outbox.ts';
import { useOutbox } from '../../shared/offline/use-outbox.ts';
import { imageUpload } from './api.ts';
import { quickPreview, resizedForUpload, resizeWorker } from './photo-prep.ts';

export interface PendingPhoto {
  id: string;
  name: string;
  preview: string;
  status: string;
  failed?: boolean;
}

/** A picked photo not in the queue yet; `problem` when the device could not keep it. */
interface Preparing { id: string; name: string; preview: string; problem?: string }

/**
 * Photos picked in this panel (docs/decisions/161): each shows at once (quickPreview), is resized,
 * and goes into the offline queue with its original (IndexedDB keeps both), to be sent in order,
 * once, by its client-made id, whenever there is a connection. The cards of waiting photos come
 * from the queue, so they are there after a reload too; the server's answer updates the list.
 */
export function usePhotoUploads(reportId: string, kind: AttachmentKind, store: (images: TReportImage[]) => void) {
  const userId = useAuth().user?.id ?? '';
  const scope = `field-report:${reportId}`;
  const prefix = `/api/field-reports/${reportId}/${kind}/`;
  const [preparing, setPreparing] = useState<Preparing[]>([]);
  const previews = useRef(new Map<string, string>());
  const chain = useRef<Promise<void>>(Promise.resolve());
  const storeRef = useRef(store);
  storeRef.current = store;

  useEffect(() => onOutboxAnswer(scope, (item, answer) => {
    if (answer.ok && item.request.url.startsWith(prefix)) storeRef.current((answer.body as { images: TReportImage[] }).images);
  }), [scope, prefix]);
  useEffect(() => {
    resizeWorker();
    const shown = previews.current;
    return () => shown.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const { items, sending } = useOutbox();
  const pending = useMemo((): PendingPhoto[] => {
    const mine = items.filter((i) => i.scope === scope && i.kind === 'photo' && i.request.url.startsWith(prefix));
    const queued: PendingPhoto[] = mine.map((item) => ({
      id: item.id, name: nameOf(item), preview: previewOf(previews.current, item),
      status: item.failure ? item.failure.message : item.seq === sending ? 'Uploading…' : 'Waiting to upload',
      failed: !!item.failure,
    }));
    const queuedIds = new Set(queued.map((q) => q.id));
    return [...queued, ...preparing.filter((p) => !queuedIds.has(p.id)).map(({ problem, ...p }) => ({ ...p, status: problem ?? 'Preparing…', failed: !!problem }))];
  }, [items, sending, preparing, scope, prefix]);

  const pick = async (files: File[]) => {
    const picked = await Promise.all(files.map(async (file) => {
      const p = { id: newId(), file, name: file.name || 'photo', preview: await quickPreview(file) };
      previews.current.set(p.id, p.preview);
      return p;
    }));
    setPreparing((list) => [...list, ...picked.map(({ file: _file, ...p }) => p)]);
    for (const p of picked) {
      chain.current = chain.current.then(async () => {
        const photo = await resizedForUpload(p.file);
        await enqueue({
          id: p.id, userId, kind: 'photo', scope, key: `image:${p.id}`, label: `${ATTACHMENTS[kind].one} ${p.name}`,
          request: imageUpload(reportId, kind, p.id, p.file, photo),
        });
        setPreparing((list) => list.filter((x) => x.id !== p.id));
      }).catch((error: unknown) => {
        // Not kept on this device: the card stays and says so (pick it again once there is room).
        const problem = error instanceof Error ? error.message : String(error);
        setPreparing((list) => list.map((x) => (x.id === p.id ? { ...x, problem } : x)));
      });
    }
  };

  return { pending, pick: (files: File[]) => void pick(files) };
}

const nameOf = (item: OutboxItem) => {
  const original = item.request.parts?.find((p) => p.name === 'original');
  return original?.fileName ?? 'photo';
};

/** A waiting photo's picture: the one shown when it was picked, or (after a reload) its resized copy kept in the queue. */
function previewOf(previews: Map<string, string>, item: OutboxItem): string {
  const known = previews.get(item.id);
  if (known) return known;
  const part = item.request.parts?.find((p) => p.name === 'photo') ?? item.request.parts?.find((p) => p.name === 'original');
  const url = part && typeof part.value !== 'string' ? URL.createObjectURL(part.value) : '';
  previews.set(item.id, url);
  return url;
}
