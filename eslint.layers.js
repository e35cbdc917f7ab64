// The layers of ARCHITECTURE ("Imports flow one way"), written once and checked by `npm run lint`
// (docs/decisions/079). Each zone says: files in `target` may not import from `from`; a type-only
// import is an arrow too. Lower layers never import higher ones. Circles are madge's (package.json
// "lint": `madge --circular`), which counts type-only and lazy imports as ESLint's no-cycle does not.
// Every path is read from this file's folder, never from the folder the lint runs in (docs/decisions/127):
// `cd src/server && npx eslint features/x/y.ts` keeps the same zones.
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const dirs = (path) => readdirSync(new URL(path, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** `from` may not be imported by `target` (both paths from the project root), with a reason. */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const S = './src/server';
const W = './src/web';

const GROUND = [`${S}/env.ts`, `${S}/errors`, `${S}/db`];
const HTTP = [`${S}/http`];
const SERVICES = ['jobs', 'documents', 'integrations', 'realtime', 'uploads'].map((d) => `${S}/${d}`);
const CONTEXT = [`${S}/app-context.ts`];
const FEATURES = [`${S}/features`];
const COMPOSE = ['app.ts', 'main.ts', 'database-from-env.ts', 'cli', 'seed'].map((f) => `${S}/${f}`);

/**
 * A feature folder reaches another only through that folder's public files (`index.ts`, and on the web
 * `query-keys.ts`); `also` lists extra paths (relative to the features folder) a feature may still import.
 */
const throughIndexes = (root, message, { publicFiles = ['index.ts'], also = {} } = {}) => dirs(`${root}/`).map((feature) => {
  const others = dirs(`${root}/`).filter((f) => f !== feature);
  const open = others.flatMap((o) => publicFiles.map((file) => `./${o}/${file}`));
  return zone(`${root}/${feature}`, root, message, [`./${feature}`, ...open, ...(also[feature] ?? [])]);
});

// What talks to the server from the browser: the transport and the API client on it. ui/ is presentational.
const WEB_API = ['transport.ts', 'api.ts', 'upload.ts', 'download.ts', 'project-search.ts'].map((f) => `${W}/lib/${f}`);

const zones = [
  // core: pure rules shared by server and web, imports nothing of ours (and, in eslint.config.js, no package but zod).
  zone('./src/core', './src', 'core imports nothing of ours: no server, no web.', ['./core']),
  // server and web only meet in core.
  zone(S, W, 'server never imports web.'),
  zone(W, S, 'web never imports server: share it through core.'),

  // Server, lowest first: ground floor (env, firm today, errors, db) → http (request plumbing) →
  // services (jobs, documents (PDF and XLSX writers), integrations, realtime, uploads: each on its own) → the app context →
  // features → composition (app.ts, main.ts, the database choice, cli, the demo seed).
  zone(GROUND, [...HTTP, ...SERVICES, ...CONTEXT, ...FEATURES, ...COMPOSE],
    'the ground floor (env, firm today, errors, db) imports no layer above it.'),
  zone(HTTP, [...SERVICES, ...CONTEXT, ...FEATURES, ...COMPOSE],
    'http/ is request plumbing: no service, no feature; app.ts passes in what it needs (the session lookup, the error log).'),
  ...SERVICES.map((service) => zone(service, [...HTTP, ...SERVICES.filter((s) => s !== service), ...CONTEXT, ...FEATURES, ...COMPOSE],
    `${service.slice(S.length + 1)}/ is a service of its own: it imports the ground floor and core only.`)),
  zone(CONTEXT, [...FEATURES, ...COMPOSE], 'the app context names the parts features get; it imports no feature.'),
  zone(FEATURES, COMPOSE, 'features do not import the composition (app.ts, main.ts, cli, seed): take what you need from app-context.ts.'),
  // A server feature reaches another only through its index.ts (app.ts, the composition, registers routes and plugins).
  ...throughIndexes(`${S}/features`,
    'server features never import another feature\'s internals: use its index.ts, or move the shared piece down.'),

  // Web, lowest first: lib (transport, helpers) → ui (shared components and hooks) → shared (app-wide
  // state: session, unsaved changes) → features → app (router, shell) → main.tsx.
  zone(`${W}/lib`, [`${W}/ui`, `${W}/shared`, `${W}/features`, `${W}/app`, `${W}/main.tsx`], 'web/lib is the lowest web layer.'),
  zone(`${W}/ui`, [`${W}/shared`, `${W}/features`, `${W}/app`, `${W}/main.tsx`], 'web/ui holds shared components: no feature, no app.'),
  zone(`${W}/ui`, WEB_API, 'web/ui is presentational: it calls no endpoint. Take the data as props, or move the part to web/shared.'),
  zone(`${W}/shared`, [`${W}/features`, `${W}/app`, `${W}/main.tsx`], 'web/shared holds app-wide state: no feature, no app.'),
  zone(`${W}/features`, [`${W}/app`, `${W}/main.tsx`], 'features never import app/: move what they share down to web/shared or web/ui.'),
  // The big-table unit (blocks, far marks, places) is used through its index only.
  zone([`${W}/ui/*.{ts,tsx}`, `${W}/shared`, `${W}/features`, `${W}/app`], `${W}/ui/big-table`, 'the big table is one unit: import its index.ts.', ['./index.ts']),
  // A feature reaches another only through its public index.ts, and names another's cached reads through its
  // query-keys.ts: keys only, importing nothing, so a feature refreshing another's keys pulls in none of its screens.
  ...throughIndexes(`${W}/features`,
    'features never import another feature\'s internals: use its index.ts (its query-keys.ts for its keys), or move the shared piece down.',
    { publicFiles: ['index.ts', 'query-keys.ts'] }),
  zone(`${W}/features/*/query-keys.ts`, './src', 'a feature\'s query-keys.ts holds its query keys only and imports nothing.'),
];

export default [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones, basePath: import.meta.dirname }],
      // A zone only sees an import it can resolve: an import of nothing is refused on its own.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
    },
  },
];
