// The installable app (issue 26, docs/decisions/101): the web app manifest and one service worker
// (Workbox's generateSW) that precaches the app shell and the screens used in the field, so they
// open without a connection once installed. It never caches /api/*: the offline data layer keeps
// its own store (idb).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The lazily loaded pages (files named *-page.tsx) that open offline, with every part they load
 * later (dialogs, the certify step…). Other pages are fetched when first opened, as before.
 */
const OFFLINE_PAGES = [
  'features/dashboard/dashboard-page.tsx', // the start URL
  'features/field-reports/field-reports-page.tsx',
  'features/field-reports/field-report-page.tsx',
  'features/time-tracking/time-tracking-page.tsx',
  'features/timesheet/timesheet-page.tsx',
  'features/clients/project-page.tsx',
  'features/evidence/evidence-page.tsx', // a label's QR code, scanned at the site
];

/** Mantine's indigo 7 (the theme's primary shade) and gray 0 (the page background). */
const THEME_COLOR = '#4263eb';
const BACKGROUND_COLOR = '#f8f9fa';

interface ManifestChunk { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] }

/**
 * The built files of the shell and of OFFLINE_PAGES, read from Vite's build manifest: from
 * index.html, every static and dynamic import, except a page that is not in the list.
 */
function offlineFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const missing = OFFLINE_PAGES.filter((page) => !manifest[page]);
  // A renamed page would silently stop opening offline: the build stops instead.
  if (missing.length) throw new Error(`vite.pwa.ts OFFLINE_PAGES not in the build: ${missing.join(', ')}`);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key]!;
    for (const file of [chunk.file, ...chunk.css ?? [], ...chunk.assets ?? []]) files.add(file);
    for (const next of chunk.imports ?? []) visit(next);
    for (const next of chunk.dynamicImports ?? []) {
      if (!next.endsWith('-page.tsx') || OFFLINE_PAGES.includes(next)) visit(next);
    }
  };
  visit('index.html');
  return files;
}

export function installableApp(): PluginOption[] {
  let outDir = '';
  const outDirOf: Plugin = {
    name: 'casebook:pwa-out-dir',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
  };
  return [outDirOf, VitePWA({
    strategies: 'generateSW',
    // Never a silent reload: a waiting worker is announced and activated by the person (app/pwa/).
    registerType: 'prompt',
    // Registered by app/pwa/ after the first screen shows, not by a script in index.html.
    injectRegister: false,
    // `npm run dev` runs no worker unless PWA_DEV=1 (then Vite's dev server serves one).
    devOptions: { enabled: process.env.PWA_DEV === '1' },
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      id: '/',
      name: 'Casebook',
      short_name: 'Casebook',
      description: 'Cases, projects, field reports and time for engineering firms.',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // One file: the Workbox runtime is inside sw.js, no workbox-<hash>.js beside it.
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      // Addresses of the app open index.html offline; the server's own (/api/*, files) never do.
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /\/[^/?]+\.[^/]+$/, /^\/shared\//],
      manifestTransforms: [async (entries) => {
        const keep = offlineFiles(outDir);
        const manifest = entries.filter((entry) => !/^assets\/.+\.(js|css)$/.test(entry.url) || keep.has(entry.url));
        return { manifest, warnings: [] };
      }],
    },
  })];
}
