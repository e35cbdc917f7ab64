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

const zones = [
  // core: pure rules shared by server and web, imports nothing of ours.
  zone('./src/core', [S, W], 'core imports nothing of ours: no server, no web.'),
  // server and web only meet in core.
  zone(S, W, 'server never imports web.'),
  zone(W, S, 'web never imports server: share it through core.'),

  // Server, lowest first: ground floor (env, errors, db) → plumbing (http, jobs, pdf, integrations,
  // realtime, uploads) → features → composition (app.ts, main.ts, cli).
  zone(`${S}/db`, [`${S}/http`, `${S}/features`, `${S}/jobs`, `${S}/pdf`, `${S}/integrations`, `${S}/realtime`, `${S}/uploads`, `${S}/app.ts`, `${S}/main.ts`, `${S}/cli`],
    'db is the ground floor: it imports no layer above it.'),
  ...['http', 'jobs', 'pdf', 'integrations', 'realtime', 'uploads'].map((layer) =>
    zone(`${S}/${layer}`, [`${S}/features`, `${S}/app.ts`, `${S}/main.ts`, `${S}/cli`],
      `${layer}/ is shared plumbing: it never imports a feature; app.ts passes in what it needs.`)),
  zone(`${S}/features`, [`${S}/app.ts`, `${S}/main.ts`, `${S}/cli`],
    'features do not import the composition root (app.ts, main.ts, cli): take what you need from the app context module.'),

  // Web, lowest first: lib (transport, helpers) → ui (shared components and hooks) → shared (app-wide
  // state: session, unsaved changes) → features → app (router, shell) → main.tsx.
  zone(`${W}/lib`, [`${W}/ui`, `${W}/shared`, `${W}/features`, `${W}/app`, `${W}/main.tsx`], 'web/lib is the lowest web layer.'),
  zone(`${W}/ui`, [`${W}/shared`, `${W}/features`, `${W}/app`, `${W}/main.tsx`], 'web/ui holds shared components: no feature, no app.'),
  zone(`${W}/shared`, [`${W}/features`, `${W}/app`, `${W}/main.tsx`], 'web/shared holds app-wide state: no feature, no app.'),
  zone(`${W}/features`, [`${W}/app`, `${W}/main.tsx`], 'features never import app/: move what they share down to web/shared or web/ui.'),
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
