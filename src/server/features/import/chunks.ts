import type { DbOrTx } from '../../db/connection.ts';

// The uploaded file in import_chunks (migration 024, docs/decisions/095): pieces of about 1 MB,
// written while the upload streams in and read back one at a time, so no step holds the file whole.

const CHUNK_BYTES = 1024 * 1024;

/**
 * Hands the upload's chunks on as they come while writing them, cut into pieces of 1 MB (the last
 * one shorter), to the import's rows (each write awaited: the upload goes at the database's pace).
 */
export async function* storeChunks(db: DbOrTx, importId: string, chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  let seq = 0;
  const write = async () => {
    const bytes = pending.length === 1 ? pending[0]! : Buffer.concat(pending, size);
    pending = [];
    size = 0;
    await db.insertInto('import_chunks').values({ import_id: importId, seq: seq++, bytes }).execute();
  };
  for await (const chunk of chunks) {
    for (let at = 0; at < chunk.length;) {
      const take = Math.min(CHUNK_BYTES - size, chunk.length - at);
      pending.push(chunk.subarray(at, at + take));
      size += take;
      at += take;
      if (size === CHUNK_BYTES) await write();
    }
    yield chunk;
  }
  if (size) await write();
}

/** The stored file's pieces in order, one query each (on a transaction's connection when given one). */
export async function* readChunks(db: DbOrTx, importId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const row = await db.selectFrom('import_chunks').select('bytes')
      .where('import_id', '=', importId).where('seq', '=', seq).executeTakeFirst();
    if (!row) return;
    // A view, not a copy (node-postgres gives a Buffer, PGlite's driver may give a Uint8Array).
    const bytes = row.bytes;
    yield Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
