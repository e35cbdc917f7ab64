import type { TestProject } from 'vitest/node';
import { buildServer } from '../scripts/build-server.ts';
import { prepareTemplate } from './helpers/test-database.ts';

// Projects on one database kind (api and soak, api-pg and soak-pg) share its template: made by the
// first project's setup, removed by the last one's teardown. globalThis, as each project may load
// this module of its own.
type Shared = { ready: Promise<() => Promise<void>>; users: number };
const shared: Record<string, Shared> = ((globalThis as { casebookTemplates?: Record<string, Shared> }).casebookTemplates ??= {});
// The server's build, once per run: the tests that start the app or a command start it as built
// (dist/server, as `npm start` and the operators' commands do), from the code as it is now.
const built = ((globalThis as { casebookServerBuild?: Promise<void> }).casebookServerBuild ??= buildServer());

/** Builds the server and migrates the template database the project's test files copy. */
export default async function setup(project: TestProject) {
  await built;
  const kind = project.config.env?.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
  const entry = (shared[kind] ??= { ready: prepareTemplate(kind), users: 0 });
  entry.users++;
  const drop = await entry.ready;
  return async () => {
    if (--entry.users > 0) return;
    delete shared[kind];
    await drop();
  };
}
