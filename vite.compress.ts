// The built app's text files, compressed once at build time (docs/decisions/219): a `.br` and a `.gz`
// beside each, which the server sends to a browser that accepts them (@fastify/static's preCompressed).
// The first load's JavaScript is about a third of its size on the wire, what the first-load budgets
// (gzip) always assumed; an inspector's phone at a site waits for those bytes.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|webmanifest)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/** Writes `<file>.br` and `<file>.gz` beside `file`, each only if it is smaller than the file. */
export async function compressFile(file: string): Promise<void> {
  const bytes = await readFile(file);
  const [br, gz] = await Promise.all([
    toBrotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    toGzip(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < bytes.length) await writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
}

/** Compresses every compressible file under `dir` (not in dot folders: Vite's manifest). */
export async function compressFiles(dir: string): Promise<void> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !entry.parentPath.includes(`${path.sep}.`))
    .map((entry) => path.join(entry.parentPath, entry.name));
  // zlib's thread pool: the files compress side by side, off the build's thread.
  await Promise.all(files.map(compressFile));
}

/** Compresses the build folder once everything is written (the service worker last of all). */
export function compressedBuild(): Plugin {
  let outDir = '';
  return {
    name: 'casebook:compress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle: { order: 'post', sequential: true, handler: () => compressFiles(outDir) },
  };
}
