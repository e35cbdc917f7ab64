import type { TAnnotation } from '../../../core/field-reports/annotations.ts';
import type { AttachmentKind } from '../../../core/field-reports/field-reports.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { listImages, storedAnnotations, storedKind } from './reads.ts';
import { draftForUpdate } from './writes.ts';

// Annotations of one report image (docs/decisions/104): the image's bytes are never touched.

/**
 * Stores an image's annotations while the report is a draft. The version is the one the editor
 * started from: a stale one is refused with the image as it is, unless the very same annotations
 * are stored already (the offline queue sending a save again after a lost answer), which answers
 * the list unchanged.
 */
export async function saveAnnotations(db: DbOrTx, options: {
  actorId: string; reportId: string; kind: AttachmentKind; imageId: string; annotations: TAnnotation[]; version: number;
}) {
  return withActor(db, options.actorId, async (tx) => {
    await draftForUpdate(tx, options.reportId);
    const row = await tx.selectFrom('field_report_images').select(['annotations', 'annotations_version'])
      .where('id', '=', options.imageId).where('report_id', '=', options.reportId).where('kind', '=', storedKind(options.kind))
      .forUpdate().executeTakeFirst();
    if (!row) throw new AppError('RECORD_NOT_FOUND');
    const stored = storedAnnotations(row.annotations, row.annotations_version);
    const sent = JSON.stringify(options.annotations);
    if (row.annotations_version !== options.version) {
      if (JSON.stringify(stored.annotations) === sent) return listImages(tx, options);
      const current = (await listImages(tx, options)).find((image) => image.id === options.imageId);
      throw new AppError('EDIT_CONFLICT', 'Someone else changed the annotations of this image meanwhile. Please look at theirs and draw yours again.',
        { current });
    }
    await tx.updateTable('field_report_images').set({ annotations: sent, annotations_version: options.version + 1 })
      .where('id', '=', options.imageId).execute();
    return listImages(tx, options);
  });
}
