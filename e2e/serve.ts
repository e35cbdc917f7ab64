// Starts the real server, as built (dist/server/main.mjs), on a fresh data folder for the browser
// tests: a copy of the run's demo template (e2e/global-setup.ts: migrated and seeded once per run)
// when there is one, else empty (the app migrates and seeds it). Run as built too, dist/e2e/serve.mjs
// (scripts/build-server.ts --tests): plain Node, no tsx (e2e/app-process.ts).
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtServer } from '../src/server/runtime.ts';

// E2E_DATA_DIR: the template itself, while e2e/global-setup.ts makes it.
process.env.DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'casebook-e2e-'));
if (!process.env.E2E_DATA_DIR && process.env.E2E_TEMPLATE_DIR) cpSync(process.env.E2E_TEMPLATE_DIR, process.env.DATA_DIR, { recursive: true });
// Address lookup goes to the fake Radar server (test/fakes/radar-server.ts), never the real one.
const { startFakeRadar } = await import('../test/fakes/radar-server.ts');
process.env.RADAR_BASE_URL = (await startFakeRadar()).url;
// Google goes to the fake Google (test/fakes/google-server.ts) on the port after the app's,
// where the calendar spec reaches its /__state and /__control. Only its addresses come from the
// environment: the client id and secret are entered in Settings (docs/decisions/099).
const { googleEnv, startFakeGoogle } = await import('../test/fakes/google-server.ts');
const { GOOGLE_CLIENT_ID: _id, GOOGLE_CLIENT_SECRET: _secret, ...googleAddresses } = googleEnv(await startFakeGoogle({ port: Number(process.env.PORT) + 1 }));
Object.assign(process.env, googleAddresses);
await import(pathToFileURL(builtServer('main.ts')).href);
