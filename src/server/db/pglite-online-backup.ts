import { createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';

/** Runs fn with PGlite's one connection to itself: queued with the app's queries, never inside one's transaction. */
export type Hold = <T>(fn: (lite: PGlite) => Promise<T> | T) => Promise<T>;

/**
 * An online backup of a PGlite database, the way pg_basebackup takes one, so saves keep running
 * while it is taken (docs/decisions/073):
 *   1. `pg_backup_start` (a checkpoint: the only step that holds the connection for long);
 *   2. every data file is copied in turns of at most TURN_BYTES, each turn taking the connection
 *      like a query and giving it back, so the app's queries run between turns (a file is read
 *      between two of PGlite's calls, never during one; pages changed after step 1 are written
 *      whole into the WAL and replayed over the copy on restore);
 *   3. `pg_backup_stop` (writes the backup's end into the WAL and switches to a new segment);
 *   4. the WAL segments from the start to the stop (complete and unchanging by then), the
 *      control file and the `backup_label`.
 * Loading the result (PGlite's loadDataDir) replays the WAL up to the stop: the backup is the
 * database as it was at `pg_backup_stop`, whole. The output is a gzip'd tar, like dumpDataDir's.
 */
export async function onlineBackup(hold: Hold, write: (chunk: Buffer) => void): Promise<void> {
  // One pass through the thread pool per turn: every wait for zlib is a wait for a turn of an event
  // loop that may be busy with the app's requests, so the turn's bytes go in one piece.
  const gzip = createGzip({ chunkSize: TURN_BYTES });
  gzip.on('data', write);
  const ended = new Promise<void>((resolve, reject) => { gzip.on('end', resolve); gzip.on('error', reject); });
  const push = async (chunks: Buffer[]) => {
    if (!gzip.write(Buffer.concat(chunks))) await new Promise((resolve) => gzip.once('drain', resolve));
  };
  const query = (lite: PGlite, text: string) => lite.query<Record<string, string>>(text).then((r) => r.rows[0]!);
  const { root, startWal, entries } = await hold(async (lite) => ({
    root: (await query(lite, 'show data_directory')).data_directory!,
    startWal: (await query(lite, `select pg_walfile_name(pg_backup_start('casebook', true)) as f`)).f!,
    entries: listFiles(lite.Module.FS, (await query(lite, 'show data_directory')).data_directory!),
  }));
  let stopped = false;
  try {
    for (let next = 0; next < entries.length;) {
      const chunks = await hold((lite) => {
        const out: Buffer[] = [];
        for (let bytes = 0; next < entries.length && bytes < TURN_BYTES; next++) {
          out.push(...readEntry(lite.Module.FS, root, entries[next]!));
          bytes += entries[next]!.size + 512;
        }
        return out;
      });
      await push(chunks);
    }
    const tail = await hold(async (lite) => {
      const stop = await query(lite, 'select labelfile, pg_walfile_name(lsn) as f from pg_backup_stop(false)');
      stopped = true;
      const FS = lite.Module.FS;
      const segments = (FS.readdir(`${root}/pg_wal`) as string[]).filter((f) => /^[0-9A-F]{24}$/.test(f) && f >= startWal && f <= stop.f!).sort();
      if (segments[0] !== startWal) throw new Error('The database recycled its write-ahead log during the backup; back up again.');
      const label = Buffer.from(stop.labelfile!);
      return [
        ...segments.flatMap((f) => readEntry(FS, root, { rel: `pg_wal/${f}`, ...statOf(FS, `${root}/pg_wal/${f}`) })),
        ...readEntry(FS, root, { rel: 'global/pg_control', ...statOf(FS, `${root}/global/pg_control`) }),
        tarHeader('backup_label', label.length, 0o600, false), label, padding(label.length),
      ];
    });
    await push(tail);
  } catch (error) {
    if (!stopped) await hold((lite) => lite.query('select pg_backup_stop(false)')).catch(() => undefined);
    gzip.destroy();
    throw error;
  }
  gzip.end(Buffer.alloc(1024)); // the tar's end: two empty blocks
  await ended;
}

// pg_basebackup leaves these out: runtime state that recovery rebuilds. The WAL and the control
// file are added at the end.
const SKIP_CONTENTS = new Set(['pg_wal', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans', 'pg_replslot']);
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init', 'backup_label', 'tablespace_map', 'global/pg_control']);
const TURN_BYTES = 4 * 1024 * 1024;

type PGliteFS = PGlite['Module']['FS'];
interface Entry { rel: string; size: number; mode: number; dir?: boolean }

const statOf = (FS: PGliteFS, file: string) => {
  const stat = FS.stat(file);
  return { size: stat.size, mode: stat.mode };
};

/** The data folder's files and folders with their sizes now (files created later come from the WAL). */
function listFiles(FS: PGliteFS, root: string): Entry[] {
  const entries: Entry[] = [];
  const walk = (dir: string) => {
    for (const name of (FS.readdir(`${root}/${dir}`) as string[]).filter((e) => e !== '.' && e !== '..').sort()) {
      const rel = dir ? `${dir}/${name}` : name;
      const { size, mode } = statOf(FS, `${root}/${rel}`);
      if (FS.isDir(mode)) {
        entries.push({ rel, size: 0, mode, dir: true });
        if (!SKIP_CONTENTS.has(rel)) walk(rel);
      } else if (!SKIP_FILES.has(name) && !SKIP_FILES.has(rel)) {
        entries.push({ rel, size, mode });
      }
    }
  };
  walk('');
  return entries;
}

/** A tar entry at the size listed: a file grown since is cut (the WAL has the rest), a shrunk or removed one padded with zeros. */
function readEntry(FS: PGliteFS, root: string, entry: Entry): Buffer[] {
  if (entry.dir) return [tarHeader(entry.rel, 0, entry.mode, true)];
  const data = new Uint8Array(entry.size);
  try {
    const stream = FS.open(`${root}/${entry.rel}`, 'r');
    try {
      FS.read(stream, data, 0, Math.min(entry.size, FS.stat(`${root}/${entry.rel}`).size), 0);
    } finally {
      FS.close(stream);
    }
  } catch {
    // removed meanwhile (a dropped table): the WAL says so
  }
  return [tarHeader(entry.rel, entry.size, entry.mode, false), Buffer.from(data.buffer, data.byteOffset, data.byteLength), padding(entry.size)];
}

const padding = (size: number) => Buffer.alloc((512 - (size % 512)) % 512);

/** A ustar header (names in a data folder are short: no prefix field needed). */
function tarHeader(name: string, size: number, mode: number, dir: boolean): Buffer {
  const h = Buffer.alloc(512);
  h.write(dir ? `${name}/` : name, 0, 100, 'utf8');
  h.write(`${(mode & 0o7777).toString(8).padStart(7, '0')}\0`, 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write(`${Math.floor(Date.now() / 1000).toString(8).padStart(11, '0')}\0`, 136);
  h.write('        ', 148);
  h.write(dir ? '5' : '0', 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}
