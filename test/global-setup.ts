import type { TestProject } from 'vitest/node';
import { prepareTemplate } from './helpers/test-database.ts';

// Projects on one database kind (api and soak, api-pg and soak-pg) share its template: made by the
// first project's setup, removed by the last one's teardown. globalThis, as each project may load
// this module of its own.
type Shared = { ready: Promise<() => Promise<void>>; users: number };
const shared: Record<string, Shared> = ((globalThis as { casebookTemplates?: Record<string, Shared> }).casebookTemplates ??= {});

/** Migrates the template database the project's test files copy. */
export default async function setup(project: TestProject) {
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
