// The server's build (docs/decisions/207): each module of src/server that runs on its own, bundled with
// our code by esbuild into dist/server (the packages stay in node_modules, loaded by Node as they are).
// `npm start`, the production command and the operators' commands run it: plain Node, without tsx's
// loader and its compiling at every start (a start's imports took about 2.6 CPU s under tsx, 0.8 here).
//   npm run build:server            the server (`npm run build` runs it, then the web app's build)
//   npm run build:server -- --tests  also e2e/serve.ts, the browser tests' app with its fakes
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The modules of src/server that a process or a thread runs (src/server/runtime.ts: builtServer). */
const ENTRIES = ['main.ts', 'cli/user-create.ts', 'cli/backup.ts', 'documents/worker-task.ts', 'features/backups/pglite-trial-load.ts'];

async function bundle(entryPoints: string[], outdir: string, outbase: string, define: Record<string, string>) {
  const { outputFiles } = await build({
    entryPoints, outdir, outbase, absWorkingDir: ROOT, define,
    bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external',
    outExtension: { '.js': '.mjs' }, sourcemap: 'linked', write: false, logLevel: 'warning',
  });
  // Each file is written beside and renamed into place: a process starting from the build while it is
  // made again (the first-load budget beside the browser tests) reads the old file or the new, never half.
  for (const file of outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const part = `${file.path}.${process.pid}.part`;
    writeFileSync(part, file.contents);
    renameSync(part, file.path);
  }
}

/** Builds dist/server; with `tests`, dist/e2e/serve.mjs too. */
export async function buildServer({ tests = false } = {}) {
  await bundle(ENTRIES.map((e) => `src/server/${e}`), 'dist/server', 'src/server', { CASEBOOK_BUILT: 'true' });
  if (tests) await bundle(['e2e/serve.ts'], 'dist/e2e', 'e2e', {});
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer({ tests: process.argv.includes('--tests') });
}
