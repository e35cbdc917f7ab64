// Where the server's own files are, whether it runs from its source (under tsx, or Vitest) or from
// its build (dist/server, scripts/build-server.ts: what `npm start` and the production command run).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// scripts/build-server.ts defines it as true in the build; it is undefined in the source.
declare const CASEBOOK_BUILT: boolean | undefined;

/** True in dist/server's build, false in the source. */
export const BUILT = typeof CASEBOOK_BUILT === 'boolean' && CASEBOOK_BUILT;

/** The clone's root, the folder of package.json: above src/server in the source, above dist/server in the build. */
export const APP_ROOT = (() => {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
  }
})();

/** The build of a module of src/server that runs on its own (`main.ts`, `cli/backup.ts`): its file in dist/server. */
export const builtServer = (source: string) => path.join(APP_ROOT, 'dist/server', source.replace(/\.ts$/, '.mjs'));

/**
 * V8's flags for a Node process that lives a short while (a backup's trial load, a test's server or command): its
 * code compiled by the baseline compilers alone, PGlite's WebAssembly by Liftoff and its JavaScript no higher than
 * Sparkplug. The optimising tiers recompile hot functions in the background, seconds of CPU that a process living
 * minutes never earns back: a demo start 11 → 7 CPU s (docs/decisions/214), the start-up, command and backup tests
 * about a sixth less, the browser tests' servers about an eighth less (docs/decisions/216). `npm start` keeps them.
 */
export const BRIEF_PROCESS = ['--liftoff-only', '--max-opt=1'];

/** Node's arguments that run such a module in a process of its own: its build from the build, its source under tsx from the source. */
export const processArgs = (source: string) => (BUILT ? [builtServer(source)] : ['--import', 'tsx', path.join(APP_ROOT, 'src/server', source)]);
