import { useCallback, useEffect, useRef, useState } from 'react';
import type { TReportImage } from '../../../core/api/field-reports.ts';
import type { AttachmentKind } from '../../../core/field-reports.ts';
import { newId } from '../../lib/new-id.ts';
import { errorText } from '../../lib/transport.ts';
import { imageUpload, uploadImage } from './api.ts';
import { quickPreview, resizedForUpload } from './photo-prep.ts';

export interface PendingPhoto {
  id: string;
  name: string;
  preview: string;
  status: string;
  failed?: boolean;
}

/**
 * Photos picked in this panel: each shows at once (quickPreview), then is resized and sent, one at a time in the order picked, by its client-made id, so a
 * retry never stores it twice (docs/decisions/103).
 */
export function usePhotoUploads(reportId: string, kind: AttachmentKind, store: (images: TReportImage[]) => void) {
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const urls = useRef<string[]>([]);
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const update = (id: string, change: Partial<PendingPhoto> | null) =>
    setPending((list) => (change ? list.map((p) => (p.id === id ? { ...p, ...change } : p)) : list.filter((p) => p.id !== id)));

  const pick = useCallback(async (files: File[]) => {
    const picked = await Promise.all(files.map(async (file) => {
      const preview = await quickPreview(file);
      urls.current.push(preview);
      return { id: newId(), file, preview, name: file.name || 'photo', status: 'Preparing…' };
    }));
    setPending((list) => [...list, ...picked.map(({ file: _file, ...p }) => p)]);
    for (const p of picked) {
      chain.current = chain.current.then(async () => {
        const photo = await resizedForUpload(p.file);
        update(p.id, { status: 'Uploading…' });
        try {
          store((await uploadImage(imageUpload(reportId, kind, p.id, p.file, photo))).images);
          update(p.id, null);
        } catch (error) {
          update(p.id, { status: errorText(error), failed: true });
        }
      });
    }
  }, [reportId, kind, store]);

  return { pending, pick: (files: File[]) => void pick(files) };
}
