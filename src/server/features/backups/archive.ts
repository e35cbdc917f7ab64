import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { appendFile, open, stat, truncate } from 'node:fs/promises';
import { z } from 'zod';
import { ZUploaded } from '../../../core/api/backups.ts';
import { BACKUP_MESSAGES } from '../../../core/backups.ts';
import { AppError } from '../../errors/app-error.ts';

/**
 * A backup file is the database's own dump (PGlite's data-folder tarball, or pg_dump's custom
 * format) followed by a trailer: the manifest as JSON, its length (8 bytes) and a magic string.
 * The trailer is written last, so a file cut short has none and is refused.
 */
const MAGIC = Buffer.from('CASEBOOK-BACKUP1');
const TRAILER_FIXED = 8 + MAGIC.length;

const ZManifest = z.object({
  app: z.literal('casebook'),
  format: z.literal(1),
  appVersion: z.string().max(100),
  kind: z.enum(['pglite', 'postgres']),
  createdAt: z.iso.datetime(),
  trigger: z.enum(['manual', 'scheduled', 'pre-restore', 'command']),
  payloadBytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The newest migration in the backup: a backup from a newer app is refused. */
  lastMigration: z.string().max(200),
  /** Set when the file came in through "Upload backup": made elsewhere, it holds that installation's users and passwords. */
  uploaded: ZUploaded.optional(),
  /**
   * Who started it (display name): Back up now, or the restore it preceded. Optional within format 1:
   * older backups have none, and an older Casebook reading a newer backup ignores it (zod strips it).
   */
  startedBy: z.string().max(200).optional(),
  /** S3 buckets holding photo originals this backup's rows point at (docs/decisions/162): not in the file, back them up apart. */
  originalsBuckets: z.array(z.string().max(200)).max(20).optional(),
});
export type Manifest = z.infer<typeof ZManifest>;

export function trailerFor(manifest: Manifest): Buffer {
  const json = Buffer.from(JSON.stringify(manifest));
  const length = Buffer.alloc(8);
  length.writeBigUInt64BE(BigInt(json.length));
  return Buffer.concat([json, length, MAGIC]);
}

/** Replaces a backup file's trailer; the dump, and so its checksum, stay as they are. */
export async function replaceTrailer(file: string, manifest: Manifest): Promise<void> {
  await truncate(file, manifest.payloadBytes);
  await appendFile(file, trailerFor(manifest));
}

/** Reads the manifest of a backup file; refuses anything without a whole, well-formed trailer. */
export async function readManifest(file: string): Promise<Manifest> {
  const size = (await stat(file)).size;
  if (size < TRAILER_FIXED) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.notABackup);
  const handle = await open(file, 'r');
  try {
    const fixed = Buffer.alloc(TRAILER_FIXED);
    await handle.read(fixed, 0, TRAILER_FIXED, size - TRAILER_FIXED);
    if (!fixed.subarray(8).equals(MAGIC)) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.notABackup);
    const length = Number(fixed.readBigUInt64BE(0));
    if (length <= 0 || length > 64 * 1024 || length > size - TRAILER_FIXED) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.notABackup);
    const json = Buffer.alloc(length);
    await handle.read(json, 0, length, size - TRAILER_FIXED - length);
    const parsed = ZManifest.safeParse(JSON.parse(json.toString('utf8')));
    if (!parsed.success) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.notABackup);
    if (parsed.data.payloadBytes !== size - TRAILER_FIXED - length) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.incomplete);
    return parsed.data;
  } catch (error) {
    if (error instanceof SyntaxError) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.notABackup);
    throw error;
  } finally {
    await handle.close();
  }
}

/** The dump inside a backup file, as a stream. */
export const payloadStream = (file: string, manifest: Manifest) =>
  createReadStream(file, { start: 0, end: Math.max(0, manifest.payloadBytes - 1) });

/** Reads the manifest and checks the dump's checksum. */
export async function verifyChecksum(file: string): Promise<Manifest> {
  const manifest = await readManifest(file);
  const hash = createHash('sha256');
  if (manifest.payloadBytes > 0) for await (const chunk of payloadStream(file, manifest)) hash.update(chunk as Buffer);
  if (hash.digest('hex') !== manifest.sha256) throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.incomplete);
  return manifest;
}
