// Once per browser run: the demo data folder every worker's app copies (e2e/serve.ts), made by the
// app itself (migrations and demo data, then a clean shutdown), so a worker's start is a folder copy
// and an open, not the migrations and the seed again (issue 43, docs/decisions/148).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from '../scripts/build-server.ts';
import { startApp, stopApp } from './app-process.ts';

export default async function globalSetup() {
  // The server and e2e/serve.ts as they are now: a browser run never tests an older build.
  await buildServer({ tests: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'casebook-e2e-template-'));
  // The workers' first port: free until they start, which is after this returns.
  const app = await startApp(Number(process.env.E2E_PORT ?? 3217), { E2E_DATA_DIR: dir });
  await stopApp(app);
  if (app.child.exitCode !== 0) throw new Error(`the demo template's app did not shut down cleanly:\n${app.output()}`);
  process.env.E2E_TEMPLATE_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
