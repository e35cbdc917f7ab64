import type { TPhoto } from '../../../core/api/field-reports.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../http/app-error.ts';
import { preparePhoto, type StoredPhoto } from '../../uploads/images.ts';
import type { UploadedFile } from '../../uploads/multipart.ts';
import { draftForUpdate } from './writes.ts';

const listPhotos = (db: DbOrTx, reportId: string): Promise<TPhoto[]> =>
  db.selectFrom('field_report_photos').select(['id', 'caption', 'position', 'width', 'height'])
    .where('report_id', '=', reportId).orderBy('position').execute();

/**
 * Adds photos at the end. Every file is decoded and resized before the transaction starts, so a
 * bad file stores nothing and the row lock is held only for the inserts.
 */
export async function addPhotos(db: DbOrTx, options: { actorId: string; reportId: string; files: UploadedFile[] }) {
  const prepared: (StoredPhoto & { caption: string })[] = [];
  for (const file of options.files) {
    try {
      prepared.push({ ...(await preparePhoto(file.bytes)), caption: '' });
    } catch (error) {
      if (error instanceof AppError && options.files.length > 1) throw new AppError(error.code, `${file.fileName}: ${error.message}`);
      throw error;
    }
  }
  return withActor(db, options.actorId, async (tx) => {
    await draftForUpdate(tx, options.reportId);
    const last = await tx.selectFrom('field_report_photos').select((eb) => eb.fn.max('position').as('max'))
      .where('report_id', '=', options.reportId).executeTakeFirst();
    const start = Number(last?.max ?? 0) + 1;
    await tx.insertInto('field_report_photos').values(prepared.map((p, i) => ({
      report_id: options.reportId, position: start + i, caption: p.caption,
      image: p.image, thumbnail: p.thumbnail, width: p.width, height: p.height,
    }))).execute();
    return listPhotos(tx, options.reportId);
  });
}

export async function setCaption(db: DbOrTx, options: { actorId: string; reportId: string; photoId: string; caption: string }) {
  return withActor(db, options.actorId, async (tx) => {
    await draftForUpdate(tx, options.reportId);
    const done = await tx.updateTable('field_report_photos').set({ caption: options.caption.trim() })
      .where('id', '=', options.photoId).where('report_id', '=', options.reportId).returning('id').executeTakeFirst();
    if (!done) throw new AppError('RECORD_NOT_FOUND');
    return listPhotos(tx, options.reportId);
  });
}

/** Puts the photos in the given order; the list must name each photo of the report once. */
export async function reorderPhotos(db: DbOrTx, options: { actorId: string; reportId: string; photoIds: string[] }) {
  return withActor(db, options.actorId, async (tx) => {
    await draftForUpdate(tx, options.reportId);
    const current = await listPhotos(tx, options.reportId);
    const same = current.length === options.photoIds.length && new Set(options.photoIds).size === current.length
      && current.every((p) => options.photoIds.includes(p.id));
    if (!same) throw new AppError('EDIT_CONFLICT', 'The photos changed meanwhile. Please try again.', { current });
    for (const [index, id] of options.photoIds.entries()) {
      await tx.updateTable('field_report_photos').set({ position: index + 1 }).where('id', '=', id).execute();
    }
    return listPhotos(tx, options.reportId);
  });
}

export async function deletePhoto(db: DbOrTx, options: { actorId: string; reportId: string; photoId: string }) {
  return withActor(db, options.actorId, async (tx) => {
    await draftForUpdate(tx, options.reportId);
    await tx.deleteFrom('field_report_photos').where('id', '=', options.photoId).where('report_id', '=', options.reportId).execute();
    return listPhotos(tx, options.reportId);
  });
}

export async function photoBytes(db: DbOrTx, options: { reportId: string; photoId: string; size: 'image' | 'thumbnail' }) {
  const row = await db.selectFrom('field_report_photos').select(options.size === 'image' ? 'image as bytes' : 'thumbnail as bytes')
    .where('id', '=', options.photoId).where('report_id', '=', options.reportId).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row.bytes;
}

export async function photosForPdf(db: DbOrTx, reportId: string) {
  return db.selectFrom('field_report_photos').select(['image', 'caption']).where('report_id', '=', reportId)
    .orderBy('position').execute();
}
