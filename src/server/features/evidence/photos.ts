import { detectImageType, UPLOAD_MESSAGES, uploadProblem } from '../../../core/documents/images.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { preparePhoto } from '../../uploads/images.ts';
import type { UploadedFile } from '../../uploads/multipart.ts';
import { appendEntry, sha256Bytes } from './chain.ts';
import { getItem, type Actor } from './items.ts';

// An item's photos (issue 42): taken on the spot (the original kept unchanged, named by its SHA-256)
// or picked from the case's field reports (the report photo's original SHA-256). Each is added by a
// 'photo' custody entry whose hash covers the photo's SHA-256, so the chain vouches for it.

async function alreadyThere(db: DbOrTx, itemId: string, photoId: string) {
  const row = await db.selectFrom('evidence_photos').select('item_id').where('id', '=', photoId).executeTakeFirst();
  if (row && row.item_id !== itemId) throw new AppError('DUPLICATE_RECORD', 'This photo id belongs to another item.');
  return !!row;
}

export async function addTakenPhoto(db: DbOrTx, options: { actor: Actor; itemId: string; photoId: string; entryId: string; file?: UploadedFile }) {
  const { actor, itemId, photoId, file } = options;
  if (await alreadyThere(db, itemId, photoId)) return getItem(db, itemId);
  if (!file) throw new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.noFile);
  const problem = uploadProblem(file.bytes);
  if (problem) throw new AppError('VALIDATION_ERROR', problem);
  const prepared = await preparePhoto(file.bytes);
  const sha256 = sha256Bytes(file.bytes);
  await withActor(db, actor.id, async (tx) => {
    await appendEntry(tx, {
      id: options.entryId, itemId, kind: 'photo', at: new Date(), purpose: `Photo ${file.fileName}`.slice(0, 2000), photoSha256s: [sha256],
      signedByName: actor.name, recordedBy: actor.id, recordedByName: actor.name,
    });
    await tx.insertInto('evidence_photos').values({
      id: photoId, item_id: itemId, entry_id: options.entryId, source: 'taken', sha256, original: file.bytes,
      original_type: detectImageType(file.bytes), ...prepared,
    }).execute();
  });
  return getItem(db, itemId);
}

/** The case's field-report photos, to pick from. */
export async function caseFieldReportPhotos(db: DbOrTx, caseId: string) {
  const rows = await db.selectFrom('field_report_images as i').innerJoin('field_reports as r', 'r.id', 'i.report_id')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .select(['i.id', 'i.report_id', 'i.caption', 'i.original_sha256', 'r.report_number'])
    .where('p.case_id', '=', caseId).where('i.kind', '=', 'photo').orderBy('r.report_number').orderBy('i.position').limit(500).execute();
  return { photos: rows.map((r) => ({ id: r.id, reportId: r.report_id, reportNumber: r.report_number, caption: r.caption, sha256: r.original_sha256 })) };
}

export async function pickFieldReportPhoto(db: DbOrTx, options: { actor: Actor; itemId: string; photoId: string; entryId: string; imageId: string }) {
  const { actor, itemId, photoId } = options;
  if (await alreadyThere(db, itemId, photoId)) return getItem(db, itemId);
  const image = await db.selectFrom('field_report_images as i').innerJoin('field_reports as r', 'r.id', 'i.report_id')
    .innerJoin('projects as p', 'p.id', 'r.project_id').innerJoin('evidence_items as e', 'e.case_id', 'p.case_id')
    .select(['i.image', 'i.thumbnail', 'i.width', 'i.height', 'i.original_sha256', 'r.report_number'])
    .where('i.id', '=', options.imageId).where('e.id', '=', itemId).executeTakeFirst();
  if (!image) throw new AppError('VALIDATION_ERROR', 'Pick a photo from one of this case\'s field reports.', [{ path: '/fieldReportImageId', message: 'Not a photo of this case', rule: 'exists' }]);
  const sha256 = image.original_sha256 ?? sha256Bytes(image.image);
  await withActor(db, actor.id, async (tx) => {
    await appendEntry(tx, {
      id: options.entryId, itemId, kind: 'photo', at: new Date(), purpose: `Photo from field report ${image.report_number}`, photoSha256s: [sha256],
      signedByName: actor.name, recordedBy: actor.id, recordedByName: actor.name,
    });
    await tx.insertInto('evidence_photos').values({
      id: photoId, item_id: itemId, entry_id: options.entryId, source: 'field_report', field_report_image_id: options.imageId, sha256,
      image: image.image, thumbnail: image.thumbnail, width: image.width, height: image.height,
    }).execute();
  });
  return getItem(db, itemId);
}

export async function photoBytes(db: DbOrTx, itemId: string, photoId: string, size: 'image' | 'thumbnail') {
  const row = await db.selectFrom('evidence_photos').select([size]).where('id', '=', photoId).where('item_id', '=', itemId).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return (row as Record<string, Buffer>)[size]!;
}
