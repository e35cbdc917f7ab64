// The specs' `test`: Playwright's, with one app per worker (docs/decisions/119). Each worker starts
// e2e/serve.ts on a port of its own, with a data folder of its own (a copy of the run's demo
// template, e2e/global-setup.ts) and its fake Google on the next port; every test of that worker gets it as its baseURL. Specs in
// different workers never see each other's changes; within a worker they run one after another.
import { test as base } from '@playwright/test';
import { startApp, stopApp, type AppProcess } from './app-process.ts';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Route } from '@playwright/test';

/** The first worker's port; worker n uses BASE + 2n (its fake Google BASE + 2n + 1). E2E_PORT lets several runs share a machine. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3217);

interface AppServer { url: string; port: number }
let current: AppServer | undefined;

/** This worker's app (for a spec that calls it with fetch or opens a context of its own). */
export function appURL(): string {
  if (!current) throw new Error('no app started in this worker yet');
  return current.url;
}
/** This worker's fake Google (test/fakes/google-server.ts): the port after the app's. */
export function fakeGoogleURL(): string {
  if (!current) throw new Error('no app started in this worker yet');
  return `http://127.0.0.1:${current.port + 1}`;
}

export const test = base.extend<object, { appServer: AppServer }>({
  // Playwright reads a fixture's needs from its first parameter's pattern: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  appServer: [async ({}, use, workerInfo) => {
    // A port pair another program holds (another run, another engineer's server) moves this worker on.
    let started: AppProcess | undefined;
    for (let attempt = 0; !started; attempt++) {
      try {
        started = await startApp(BASE_PORT + 2 * workerInfo.workerIndex + 40 * attempt);
      } catch (error) {
        if (attempt >= 9 || !/EADDRINUSE|is taken/.test(String(error))) throw error;
      }
    }
    current = { url: started.url, port: started.port };
    await use(current);
    current = undefined;
    await stopApp(started);
  }, { scope: 'worker', timeout: 330_000 }],
  baseURL: async ({ appServer }, use) => use(appServer.url),
});
