import { createHash } from 'node:crypto';
import type { TEngagement } from '../../../core/api/engagement.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import type { UploadedFile } from '../../uploads/multipart.ts';

// The signed engagement letter (issue 39, docs/decisions/175): the PDF as uploaded, kept in PostgreSQL
// with its SHA-256; the latest one of a case marks it engaged, on the date the upload gives.

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The name the file had (its last path part, at most 200 characters), or a plain one when it had none. */
const fileNameOf = (name: string) => name.split(/[\\/]/).pop()!.trim().slice(0, 200) || 'signed-engagement-letter.pdf';

async function caseExists(db: DbOrTx, caseId: string) {
  const found = await db.selectFrom('cases').select('id').where('id', '=', caseId).executeTakeFirst();
  if (!found) throw new AppError('RECORD_NOT_FOUND');
}

/** Whether the case is engaged, since when, and by which signed letter (its latest). */
export async function engagementOf(db: DbOrTx, caseId: string): Promise<TEngagement> {
  await caseExists(db, caseId);
  const row = await db.selectFrom('engagement_letters as l')
    .leftJoin('profiles as p', 'p.id', 'l.created_by')
    .select(['l.id', 'l.engaged_on', 'l.file_name', 'l.sha256', 'l.byte_size', 'l.created_at', 'p.display_name'])
    .where('l.case_id', '=', caseId).orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').executeTakeFirst();
  if (!row) return { engagedOn: null, signedLetter: null };
  return {
    engagedOn: row.engaged_on,
    signedLetter: {
      id: row.id, engagedOn: row.engaged_on, fileName: row.file_name, sha256: row.sha256, byteSize: row.byte_size,
      recordedAt: new Date(row.created_at).toISOString(), recordedBy: row.display_name,
    },
  };
}

/** Keeps the signed letter and marks the case engaged on `engagedOn` (checked by the route: a date no later than today). */
export async function recordSignedLetter(db: DbOrTx, options: { actorId: string; caseId: string; engagedOn: string; file: UploadedFile }) {
  const { bytes } = options.file;
  await withActor(db, options.actorId, async (tx) => {
    await caseExists(tx, options.caseId);
    await tx.insertInto('engagement_letters').values({
      case_id: options.caseId, engaged_on: options.engagedOn, file_name: fileNameOf(options.file.fileName),
      pdf: bytes, sha256: sha256Of(bytes), byte_size: bytes.length, created_by: options.actorId,
    }).execute();
  });
  return engagementOf(db, options.caseId);
}

/** A signed letter's bytes, checked against its SHA-256: a copy that no longer matches is never handed out. */
export async function signedLetterPdf(db: DbOrTx, id: string): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await db.selectFrom('engagement_letters').select(['pdf', 'file_name', 'sha256']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  if (sha256Of(row.pdf) !== row.sha256) throw new AppError('SERVER_ERROR', 'The stored signed letter no longer matches its SHA-256.');
  return { pdf: row.pdf, fileName: row.file_name };
}
