import type { AttachmentKind } from '../../../core/field-reports.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { preparePhoto, type StoredPhoto } from '../../uploads/images.ts';
import type { UploadedFile } from '../../uploads/multipart.ts';
import { listImages, storedAnnotations, storedKind } from './reads.ts';
import { draftForUpdate } from './writes.ts';

// Photos, diagrams and readings of a report: each kind is its own ordered list of captioned images.

interface Target {
  reportId: string;
  kind: AttachmentKind;
}

/**
 * Adds images at the end of their list. Every file is decoded and resized before the transaction
 * starts, so a bad file stores nothing and the row lock is held only for the inserts.
 */
export async function addImages(db: DbOrTx, options: Target & { actorId: string; files: UploadedFile[] }) {
  const prepared: StoredPhoto[] = [];
  for (const file of options.files) {
    try {
      prepared.push(await preparePhoto(file.bytes));
    } catch (error) {
      if (error instanceof AppError && options.files.length > 1) throw new AppError(error.code, `${file.fileName}: ${error.message}`);
      throw error;
    }
  }
  return withActor(db, options.actorId, async (tx) => {
    await draftForUpdate(tx, options.reportId);
    const last = await tx.selectFrom('field_report_images').select((eb) => eb.fn.max('position').as('max'))
      .where('report_id', '=', options.reportId).where('kind', '=', storedKind(options.kind)).executeTakeFirst();
    const start = Number(last?.max ?? 0) + 1;
    await tx.insertInto('field_report_images').values(prepared.map((p, i) => ({
      report_id: options.reportId, kind: storedKind(options.kind), position: start + i, caption: '',
      image: p.image, thumbnail: p.thumbnail, width: p.width, height: p.height,
    }))).execute();
    return listImages(tx, options);
  });
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

export async function deleteImage(db: DbOrTx, options: Target & { actorId: string; imageId: string }) {
  return withActor(db, options.actorId, async (tx) => {
    await draftForUpdate(tx, options.reportId);
    await tx.deleteFrom('field_report_images').where('id', '=', options.imageId).where('report_id', '=', options.reportId)
      .where('kind', '=', storedKind(options.kind)).execute();
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
export async function imagesForPdf(db: DbOrTx, reportId: string) {
  const rows = await db.selectFrom('field_report_images').select(['kind', 'image', 'caption', 'width', 'height', 'annotations'])
    .where('report_id', '=', reportId).orderBy('position').execute();
  const of = (kind: AttachmentKind) => rows.filter((r) => r.kind === storedKind(kind))
    .map(({ image, caption, width, height, annotations }) => ({ image, caption, width, height, annotations: storedAnnotations(annotations, 0).annotations }));
  return { diagrams: of('diagrams'), readings: of('readings'), photos: of('photos') };
}
