import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { BACKUP_MESSAGES } from '../../../core/backups.ts';
import { AppError } from '../../errors/app-error.ts';

/**
 * A PGlite backup's dump is a gzip'd tar of a data folder. This reads one all the way through,
 * with Node's own zlib and every error caught, before PGlite (loadDataDir) ever sees the bytes:
 * PGlite decompresses with a DecompressionStream whose write and close it never awaits, so a
 * damaged gzip stream rejected a promise nobody handled and stopped the whole process
 * (issue 22). Checked here: the gzip stream (deflate data, CRC and length, nothing after it), every
 * tar header (checksum, ustar magic, octal size, a file or a folder, a name inside the data folder),
 * whole entries, the tar's end, and that the folder holds PG_VERSION and global/pg_control.
 * Any fault is "not a Casebook backup" (400).
 */
const BLOCK = 512;
const REQUIRED = ['PG_VERSION', 'global/pg_control'];
/** PostgreSQL's largest file: a 1 GB relation segment. */
const MAX_ENTRY_BYTES = 1024 ** 3;

/** How far a dump may expand: a data folder compresses about 5–30× (empty WAL segments more), a gzip bomb 1000×. */
export const maxTarBytes = (payloadBytes: number) => Math.max(256 * 1024 ** 2, 64 * payloadBytes);

const refuse = (): never => {
  throw new AppError('VALIDATION_ERROR', BACKUP_MESSAGES.notABackup);
};

/** Reads the tar as it is decompressed, block by block, keeping nothing but the names it has seen. */
class TarWalker {
  readonly names = new Set<string>();
  private partial: Buffer[] = [];
  private partialBytes = 0;
  /** Bytes of the current entry's data and padding still to come. */
  private skip = 0;
  private ended = false;
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer) {
    this.total += chunk.length;
    if (this.total > this.maxBytes) refuse();
    for (let at = 0; at < chunk.length;) {
      if (this.ended) {
        // After the end marker only the zero padding of the last record may follow.
        if (chunk.subarray(at).some((b) => b !== 0)) refuse();
        return;
      }
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
        continue;
      }
      const piece = chunk.subarray(at, at + BLOCK - this.partialBytes);
      this.partial.push(piece);
      this.partialBytes += piece.length;
      at += piece.length;
      if (this.partialBytes === BLOCK) {
        this.header(Buffer.concat(this.partial));
        this.partial = [];
        this.partialBytes = 0;
      }
    }
  }

  finish() {
    if (!this.ended || this.skip > 0 || this.partialBytes > 0) refuse();
    for (const name of REQUIRED) if (!this.names.has(name)) refuse();
  }

  private header(h: Buffer) {
    if (h.every((b) => b === 0)) {
      this.ended = true;
      return;
    }
    let sum = 8 * 0x20; // the checksum field counts as spaces
    for (let i = 0; i < BLOCK; i++) if (i < 148 || i >= 156) sum += h[i]!;
    if (octal(h, 148, 8) !== sum || h.toString('latin1', 257, 262) !== 'ustar') refuse();
    const type = h[156];
    const size = octal(h, 124, 12);
    const file = type === 0x30 || type === 0;
    if (!(file || type === 0x35) || size > MAX_ENTRY_BYTES || (!file && size !== 0)) refuse();
    const prefix = text(h, 345, 155);
    const name = normalName(prefix ? `${prefix}/${text(h, 0, 100)}` : text(h, 0, 100));
    this.names.add(name);
    this.skip = Math.ceil(size / BLOCK) * BLOCK;
  }
}

const text = (h: Buffer, start: number, length: number) => {
  const field = h.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.toString('utf8', 0, end === -1 ? length : end);
};

/** An octal number field (NUL- or space-terminated); anything else refuses the archive. */
function octal(h: Buffer, start: number, length: number): number {
  const digits = text(h, start, length).trim();
  if (!/^[0-7]{1,12}$/.test(digits)) refuse();
  return parseInt(digits, 8);
}

/** `/base/1`, `./base/1/` and `base/1` are one name; an empty name or a `..` (outside the folder) refuses. */
function normalName(raw: string): string {
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.some((p) => p === '..' || p.includes('\\'))) refuse();
  return parts.join('/');
}

/**
 * Decompresses and checks the dump; resolves with the tar's bytes when `keep` (what PGlite is then
 * given: a plain tar, so its own decompression never runs), else with none. Rejects only with the
 * catalogue's AppError.
 */
export async function readDataFolderArchive(source: Readable, options: { maxBytes: number; keep: boolean }): Promise<Buffer[]> {
  const walker = new TarWalker(options.maxBytes);
  const kept: Buffer[] = [];
  try {
    await pipeline(source, createGunzip(), async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) {
        walker.push(chunk);
        if (options.keep) kept.push(chunk);
      }
    });
    walker.finish();
  } catch (error) {
    if (error instanceof AppError) throw error;
    refuse(); // zlib's Z_DATA_ERROR, Z_BUF_ERROR (cut short), a bad header check, a read error
  }
  return kept;
}
