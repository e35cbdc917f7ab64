import { captureFacts } from '../../../core/field-reports/photo-evidence.ts';
import type { AttachmentKind } from '../../../core/field-reports/field-reports.ts';
import { detectImageType, UPLOAD_MESSAGES, uploadProblem } from '../../../core/documents/images.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { refuseDeletedId } from '../../db/deleted-ids.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Bucket } from '../../integrations/s3/bucket.ts';
import { readExifFacts } from '../../uploads/exif.ts';
import { preparePhoto } from '../../uploads/images.ts';
import type { UploadedFile } from '../../uploads/multipart.ts';
import { evidenceFileName } from '../../../core/field-reports/photo-evidence.ts';
import { insertOriginal, originalBytes, sha256Of, stageOriginal } from './originals.ts';
import { listImages, storedKind } from './reads.ts';
import { draftForUpdate } from './writes.ts';

// One photo, diagram or reading by its client-made id (docs/decisions/161): the file as picked
// (`original`, kept unchanged as evidence) and, optionally, the browser's resized JPEG (`photo`,
// which spares mobile data). The stored copy is always re-encoded here, so it carries no EXIF.

interface ImageTarget {
  reportId: string;
  kind: AttachmentKind;
  imageId: string;
}

const ANOTHER = 'This photo id belongs to another report or list. Please upload the photo again.';

/** Where an image id already is: the same place answers the list unchanged; anywhere else is a conflict. */
async function alreadyThere(db: DbOrTx, target: ImageTarget): Promise<boolean> {
  const row = await db.selectFrom('field_report_images').select(['report_id', 'kind']).where('id', '=', target.imageId).executeTakeFirst();
  if (!row) return false;
  if (row.report_id !== target.reportId || row.kind !== storedKind(target.kind)) throw new AppError('DUPLICATE_RECORD', ANOTHER);
  return true;
}

export async function putImage(db: DbOrTx, bucket: Bucket | null, options: ImageTarget & {
  actorId: string; timeZone: string; original?: UploadedFile; photo?: UploadedFile;
}) {
  if (await alreadyThere(db, options)) return listImages(db, options);
  // A replay of a photo deleted since: 410 before its bytes are decoded or its original stored.
  await refuseDeletedId(db, 'field_report_images', options.imageId);
  const { original, photo } = options;
  if (!original) throw new AppError('VALIDATION_ERROR', UPLOAD_MESSAGES.noFile);
  const originalType = detectImageType(original.bytes);
  // A HEIC original is kept as evidence when the browser sent a JPEG of it to show and print.
  const problem = photo ? uploadProblem(photo.bytes) ?? (originalType ? null : UPLOAD_MESSAGES.notImage) : uploadProblem(original.bytes);
  if (problem) throw new AppError('VALIDATION_ERROR', problem);
  const sha256 = sha256Of(original.bytes);
  // Read before anything is stripped; decoded and resized before the transaction, which then only inserts.
  const facts = captureFacts(await readExifFacts(original.bytes), options.timeZone);
  const prepared = await preparePhoto((photo ?? original).bytes);
  const staged = await stageOriginal(db, bucket, { sha256, bytes: original.bytes, contentType: originalType! });
  return withActor(db, options.actorId, async (tx) => {
    await draftForUpdate(tx, options.reportId);
    // A retry that raced its first try waited on the report's lock: it finds the image now.
    if (await alreadyThere(tx, options)) return listImages(tx, options);
    await insertOriginal(tx, staged);
    const last = await tx.selectFrom('field_report_images').select((eb) => eb.fn.max('position').as('max'))
      .where('report_id', '=', options.reportId).where('kind', '=', storedKind(options.kind)).executeTakeFirst();
    await tx.insertInto('field_report_images').values({
      id: options.imageId, report_id: options.reportId, kind: storedKind(options.kind), position: Number(last?.max ?? 0) + 1, caption: '',
      image: prepared.image, thumbnail: prepared.thumbnail, width: prepared.width, height: prepared.height,
      original_sha256: sha256, original_name: original.fileName.slice(0, 255) || null,
      captured_at: facts.capturedAt, latitude: facts.latitude, longitude: facts.longitude,
    }).execute();
    return listImages(tx, options);
  });
}

/** The evidence copy: the original's bytes unchanged, its type, a file name and its SHA-256. */
export async function imageOriginal(db: DbOrTx, bucket: Bucket | null, target: ImageTarget) {
  const row = await db.selectFrom('field_report_images').select(['original_sha256', 'original_name'])
    .where('id', '=', target.imageId).where('report_id', '=', target.reportId).where('kind', '=', storedKind(target.kind)).executeTakeFirst();
  if (!row?.original_sha256) throw new AppError('RECORD_NOT_FOUND', row ? 'This image was uploaded before originals were kept.' : undefined);
  const { bytes, contentType } = await originalBytes(db, bucket, row.original_sha256);
  return { bytes, contentType, sha256: row.original_sha256, fileName: evidenceFileName(row.original_name, row.original_sha256, contentType) };
}
