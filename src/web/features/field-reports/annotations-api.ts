import type { TAnnotation } from '../../../core/annotations.ts';
import type { TAnnotationsSave, TReportImage } from '../../../core/api/field-reports.ts';
import type { AttachmentKind } from '../../../core/field-reports.ts';
import { api } from '../../lib/api.ts';
import { useImageStore } from './api.ts';

const imageBase = (id: string, kind: AttachmentKind, imageId: string) => `/api/field-reports/${id}/${kind}/${imageId}`;
/** The stored image (long side 1,600 px), which the editor draws over. */
export const imageUrl = (id: string, kind: AttachmentKind, imageId: string) => `${imageBase(id, kind, imageId)}/image`;

/**
 * Saves an image's annotations: the cached report shows them at once (with the version the
 * server will give them), then the server's answer replaces the list.
 */
export function useSaveAnnotations(reportId: string, kind: AttachmentKind) {
  const store = useImageStore(reportId, kind);
  return async (image: TReportImage, annotations: TAnnotation[]) => {
    store((images) => images.map((i) => (i.id === image.id ? { ...i, annotations, annotationsVersion: image.annotationsVersion + 1 } : i)));
    try {
      const answer = await api<{ images: TReportImage[] }>(`${imageBase(reportId, kind, image.id)}/annotations`, {
        method: 'PUT', body: { annotations, version: image.annotationsVersion } satisfies TAnnotationsSave,
      });
      store(() => answer.images);
    } catch (error) {
      store((images) => images.map((i) => (i.id === image.id ? image : i)));
      throw error;
    }
  };
}
