import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/connection.ts';
import type { FieldReportOriginalsTable } from '../../db/report-types.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Bucket } from '../../integrations/s3/bucket.ts';

// The photos' originals as picked (docs/decisions/103), named by their SHA-256: in the database by
// default, or in an S3-compatible bucket when one is configured. Content-addressed, so the same file
// uploaded twice, or copied into a revision, is stored once.

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const objectKey = (sha256: string) => `field-report-originals/${sha256.slice(0, 2)}/${sha256}`;

export interface OriginalIn {
  sha256: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * Puts the bytes where originals live and answers the row to insert (inside the caller's
 * transaction, with ON CONFLICT DO NOTHING). The bucket is written first: a row never names an
 * object that is not there; an object whose row never came (a refused upload) is only unused.
 */
export async function stageOriginal(db: DbOrTx, bucket: Bucket | null, original: OriginalIn): Promise<Insertable<FieldReportOriginalsTable> | null> {
  const known = await db.selectFrom('field_report_originals').select('sha256').where('sha256', '=', original.sha256).executeTakeFirst();
  if (known) return null;
  const row = { sha256: original.sha256, content_type: original.contentType, byte_size: original.bytes.length };
  if (!bucket) return { ...row, bytes: original.bytes };
  const key = objectKey(original.sha256);
  try {
    await bucket.put(key, original.bytes, original.contentType, original.sha256);
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', 'The photo store did not answer. The photo was not saved; please try again.',
      { store: (error as Error).name });
  }
  return { ...row, bucket: bucket.name, object_key: key };
}

export async function insertOriginal(tx: DbOrTx, row: Insertable<FieldReportOriginalsTable> | null) {
  if (row) await tx.insertInto('field_report_originals').values(row).onConflict((oc) => oc.column('sha256').doNothing()).execute();
}

/** The original's bytes, checked against its name: a copy that no longer matches is never handed out as evidence. */
export async function originalBytes(db: DbOrTx, bucket: Bucket | null, sha256: string): Promise<{ bytes: Buffer; contentType: string }> {
  const row = await db.selectFrom('field_report_originals').select(['bytes', 'bucket', 'object_key', 'content_type'])
    .where('sha256', '=', sha256).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  let bytes = row.bytes;
  if (!bytes) {
    if (!bucket || bucket.name !== row.bucket) {
      throw new AppError('SERVICE_UNAVAILABLE', `The original is in the bucket "${row.bucket}", which this server is not set up to reach.`);
    }
    try {
      bytes = await bucket.get(row.object_key!);
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', 'The photo store did not answer. Please try again.', { store: (error as Error).name });
    }
  }
  if (sha256Of(bytes) !== sha256) throw new AppError('SERVER_ERROR', 'The stored original no longer matches its SHA-256.');
  return { bytes, contentType: row.content_type };
}

/** Removes originals no image points at any more (after a photo or a draft is deleted), bucket objects after the rows. */
export async function dropUnusedOriginals(db: DbOrTx, bucket: Bucket | null, sha256s: (string | null)[]) {
  const candidates = [...new Set(sha256s.filter((s): s is string => !!s))];
  if (candidates.length === 0) return;
  const dropped = await db.deleteFrom('field_report_originals').where('sha256', 'in', candidates)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('field_report_images as i').select('i.id').whereRef('i.original_sha256', '=', 'field_report_originals.sha256'))))
    .returning(['object_key']).execute();
  for (const { object_key } of dropped) {
    // A failed delete leaves an unused object, never a missing one.
    if (object_key && bucket) await bucket.delete(object_key).catch(() => undefined);
  }
}

/** The originals a report's images point at (to drop the unused ones once the report is gone). */
export async function originalsOfReport(db: DbOrTx, reportId: string): Promise<(string | null)[]> {
  const rows = await db.selectFrom('field_report_images').select('original_sha256').where('report_id', '=', reportId).execute();
  return rows.map((r) => r.original_sha256);
}
