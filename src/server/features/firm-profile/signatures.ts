import type { TSignatureStatus } from '../../../core/api/firm-profile.ts';
import type { DbOrTx } from '../../db/connection.ts';
import type { ImageType } from '../../db/report-types.ts';
import { AppError } from '../../errors/app-error.ts';
import { prepareMark } from '../../uploads/images.ts';

export async function signatureStatus(db: DbOrTx, userId: string): Promise<TSignatureStatus> {
  const row = await db.selectFrom('user_signatures').select('updated_at').where('user_id', '=', userId).executeTakeFirst();
  return { hasSignature: Boolean(row), updatedAt: row ? new Date(row.updated_at).toISOString() : null };
}

export async function saveSignature(db: DbOrTx, userId: string, bytes: Buffer): Promise<TSignatureStatus> {
  const mark = await prepareMark(bytes);
  await db.insertInto('user_signatures').values({ user_id: userId, image: mark.image, image_type: mark.type })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ image: mark.image, image_type: mark.type, updated_at: new Date() }))
    .execute();
  return signatureStatus(db, userId);
}

export async function deleteSignature(db: DbOrTx, userId: string): Promise<TSignatureStatus> {
  await db.deleteFrom('user_signatures').where('user_id', '=', userId).execute();
  return signatureStatus(db, userId);
}

async function findSignature(db: DbOrTx, userId: string): Promise<{ image: Buffer; type: ImageType } | null> {
  const row = await db.selectFrom('user_signatures').select(['image', 'image_type']).where('user_id', '=', userId).executeTakeFirst();
  return row ? { image: row.image, type: row.image_type } : null;
}

export async function getSignature(db: DbOrTx, userId: string) {
  const found = await findSignature(db, userId);
  if (!found) throw new AppError('RECORD_NOT_FOUND');
  return found;
}
