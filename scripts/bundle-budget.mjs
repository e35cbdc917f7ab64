// The JavaScript a browser must load before a route can show, measured from the built files
// (gzip, as a new user downloads it), against the budgets of issue 13. Run after `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../dist/web');
const MANIFEST = path.join(DIST, '.vite/manifest.json');
const KB = 1024;

// Every screen but the sign-in page shows inside the signed-in frame, a chunk of its own.
const SHELL = 'app/shell.tsx';

/** Route → the lazy modules it waits for beyond the entry, and its budget in KB, gzip. */
export const BUDGETS = {
  '/login': { pages: [], kb: 150 },
  '/time-tracking': { pages: [SHELL, 'features/time-tracking/time-tracking-page.tsx'], kb: 200 },
};

if (!existsSync(MANIFEST)) {
  console.error('No build manifest: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(path.join(DIST, file))).length / KB;

/** Every JS file a chunk needs before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
/** The entry and each lazy module, with everything they import. */
const routeClosure = (pages) => pages.reduce((seen, page) => closure(page, seen), closure(entry));
const pages = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && key.includes('-page.'));
const rows = [['/login (the entry)', routeClosure([])]];
for (const page of pages) rows.push([page, routeClosure([SHELL, page])]);

const sizeOf = (keys) => [...keys].reduce((sum, key) => sum + gzipKb(manifest[key].file), 0);
console.log('Initial JavaScript per route (KB gzip):');
for (const [name, keys] of rows.sort((a, b) => sizeOf(b[1]) - sizeOf(a[1]))) console.log(`  ${sizeOf(keys).toFixed(1).padStart(7)}  ${name}`);

let failed = false;
for (const [route, { pages: needs, kb }] of Object.entries(BUDGETS)) {
  const size = sizeOf(routeClosure(needs));
  const ok = size <= kb;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${route}: ${size.toFixed(1)} KB of ${kb} KB`);
}
process.exit(failed ? 1 : 0);
