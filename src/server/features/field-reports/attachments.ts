import type { AttachmentKind } from '../../../core/field-reports/field-reports.ts';
import { captureLine } from '../../../core/field-reports/photo-evidence.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Bucket } from '../../integrations/s3/bucket.ts';
import { dropUnusedOriginals } from './originals.ts';
import { listImages, storedAnnotations, storedKind } from './reads.ts';
import { draftForUpdate } from './writes.ts';

// Photos, diagrams and readings of a report: each kind is its own ordered list of captioned images.

interface Target {
  reportId: string;
  kind: AttachmentKind;
}

export async function setCaption(db: DbOrTx, options: Target & { actorId: string; imageId: string; caption: string }) {
  return withActor(db, options.actorId, async (tx) => {
    await draftForUpdate(tx, options.reportId);
    const done = await tx.updateTable('field_report_images').set({ caption: options.caption.trim() })
      .where('id', '=', options.imageId).where('report_id', '=', options.reportId).where('kind', '=', storedKind(options.kind))
      .returning('id').executeTakeFirst();
    if (!done) throw new AppError('RECORD_NOT_FOUND');
    return listImages(tx, options);
  });
}

/** Puts a list in the given order; the order must name each image of that list once. */
export async function reorderImages(db: DbOrTx, options: Target & { actorId: string; imageIds: string[] }) {
  return withActor(db, options.actorId, async (tx) => {
    await draftForUpdate(tx, options.reportId);
    const current = await listImages(tx, options);
    const same = current.length === options.imageIds.length && new Set(options.imageIds).size === current.length
      && current.every((p) => options.imageIds.includes(p.id));
    if (!same) throw new AppError('EDIT_CONFLICT', 'The list changed meanwhile. Please try again.', { current });
    for (const [index, id] of options.imageIds.entries()) {
      await tx.updateTable('field_report_images').set({ position: index + 1 }).where('id', '=', id).execute();
    }
    return listImages(tx, options);
  });
}

export async function deleteImage(db: DbOrTx, bucket: Bucket | null, options: Target & { actorId: string; imageId: string }) {
  return withActor(db, options.actorId, async (tx) => {
    await draftForUpdate(tx, options.reportId);
    const gone = await tx.deleteFrom('field_report_images').where('id', '=', options.imageId).where('report_id', '=', options.reportId)
      .where('kind', '=', storedKind(options.kind)).returning('original_sha256').execute();
    await dropUnusedOriginals(tx, bucket, gone.map((g) => g.original_sha256));
    return listImages(tx, options);
  });
}

export async function imageBytes(db: DbOrTx, options: Target & { imageId: string; size: 'image' | 'thumbnail' }) {
  const row = await db.selectFrom('field_report_images').select(options.size === 'image' ? 'image as bytes' : 'thumbnail as bytes')
    .where('id', '=', options.imageId).where('report_id', '=', options.reportId).where('kind', '=', storedKind(options.kind))
    .executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row.bytes;
}

/** Every image of the report for its PDF, grouped by kind, each list in order. */
export async function imagesForPdf(db: DbOrTx, reportId: string, timeZone: string) {
  const rows = await db.selectFrom('field_report_images')
    .select(['kind', 'image', 'caption', 'width', 'height', 'annotations', 'captured_at', 'latitude', 'longitude'])
    .where('report_id', '=', reportId).orderBy('position').execute();
  const of = (kind: AttachmentKind) => rows.filter((r) => r.kind === storedKind(kind)).map((r) => ({
    image: r.image, caption: r.caption, width: r.width, height: r.height,
    annotations: storedAnnotations(r.annotations, 0).annotations,
    taken: captureLine({
      capturedAt: r.captured_at ? new Date(r.captured_at).toISOString() : null,
      latitude: r.latitude === null ? null : Number(r.latitude), longitude: r.longitude === null ? null : Number(r.longitude),
    }, timeZone),
  }));
  return { diagrams: of('diagrams'), readings: of('readings'), photos: of('photos') };
}
