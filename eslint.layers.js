// The layers of ARCHITECTURE ("Imports flow one way"), written once and checked by `npm run lint`
// (docs/decisions/079). Each zone says: files in `target` may not import from `from`; a type-only
// import is an arrow too. Lower layers never import higher ones. Circles are madge's (package.json
// "lint": `madge --circular`), which counts type-only and lazy imports as ESLint's no-cycle does not.
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const dirs = (path) => readdirSync(new URL(path, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** `from` may not be imported by `target` (both paths from the project root), with a reason. */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const S = './src/server';
const W = './src/web';

const GROUND = [`${S}/env.ts`, `${S}/firm-today.ts`, `${S}/errors`, `${S}/db`];
const HTTP = [`${S}/http`];
const SERVICES = ['jobs', 'pdf', 'integrations', 'realtime', 'uploads'].map((d) => `${S}/${d}`);
const CONTEXT = [`${S}/app-context.ts`];
const FEATURES = [`${S}/features`];
const COMPOSE = ['app.ts', 'main.ts', 'database-from-env.ts', 'cli', 'seed'].map((f) => `${S}/${f}`);

const zones = [
  // core: pure rules shared by server and web, imports nothing of ours.
  zone('./src/core', [S, W], 'core imports nothing of ours: no server, no web.'),
  // server and web only meet in core.
  zone(S, W, 'server never imports web.'),
  zone(W, S, 'web never imports server: share it through core.'),

  // Server, lowest first: ground floor (env, firm today, errors, db) → http (request plumbing) →
  // services (jobs, pdf, integrations, realtime, uploads: each on its own) → the app context →
  // features → composition (app.ts, main.ts, the database choice, cli, the demo seed).
  zone(GROUND, [...HTTP, ...SERVICES, ...CONTEXT, ...FEATURES, ...COMPOSE],
    'the ground floor (env, firm today, errors, db) imports no layer above it.'),
  zone(HTTP, [...SERVICES, ...CONTEXT, ...FEATURES, ...COMPOSE],
    'http/ is request plumbing: no service, no feature; app.ts passes in what it needs (the session lookup, the error log).'),
  ...SERVICES.map((service) => zone(service, [...HTTP, ...SERVICES.filter((s) => s !== service), ...CONTEXT, ...FEATURES, ...COMPOSE],
    `${service.slice(S.length + 1)}/ is a service of its own: it imports the ground floor and core only.`)),
  zone(CONTEXT, [...FEATURES, ...COMPOSE], 'the app context names the parts features get; it imports no feature.'),
  zone(FEATURES, COMPOSE, 'features do not import the composition (app.ts, main.ts, cli, seed): take what you need from app-context.ts.'),

  // Web, lowest first: lib (transport, helpers) → ui (shared components and hooks) → shared (app-wide
  // state: session, unsaved changes) → features → app (router, shell) → main.tsx.
  zone(`${W}/lib`, [`${W}/ui`, `${W}/shared`, `${W}/features`, `${W}/app`, `${W}/main.tsx`], 'web/lib is the lowest web layer.'),
  zone(`${W}/ui`, [`${W}/shared`, `${W}/features`, `${W}/app`, `${W}/main.tsx`], 'web/ui holds shared components: no feature, no app.'),
  zone(`${W}/shared`, [`${W}/features`, `${W}/app`, `${W}/main.tsx`], 'web/shared holds app-wide state: no feature, no app.'),
  zone(`${W}/features`, [`${W}/app`, `${W}/main.tsx`], 'features never import app/: move what they share down to web/shared or web/ui.'),
  // The big-table unit (blocks, far marks, places) is used through its index only.
  zone([`${W}/ui/*.{ts,tsx}`, `${W}/shared`, `${W}/features`, `${W}/app`], `${W}/ui/big-table`, 'the big table is one unit: import its index.ts.', ['./index.ts']),
  // A feature reaches another only through its public index.ts.
  ...dirs('./src/web/features/').map((feature) => {
    const others = dirs('./src/web/features/').filter((f) => f !== feature);
    return zone(`${W}/features/${feature}`, `${W}/features`,
      'features never import another feature\'s internals: use its index.ts, or move the shared piece down.',
      [`./${feature}`, ...others.map((o) => `./${o}/index.ts`)]);
  }),
];

export default [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
];
