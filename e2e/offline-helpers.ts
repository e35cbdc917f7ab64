import { expect, request as newRequest, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../src/server/seed/demo-accounts.ts';
import { ADMIN } from './sign-in.ts';

// What the offline specs share (issue 26, docs/decisions/102): the installed worker, the browser's
// kept copies, and another person editing through the API meanwhile.

/** The app's worker is active and controls the page (it registers once the first screen is idle). */
export async function installed(page: Page) {
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state), { timeout: 30_000 }).toBe('activated');
}

/** The browser has kept a copy under this key (the records store, docs/decisions/150). */
export const kept = (page: Page, key: string) => expect.poll(() => page.evaluate((k) => new Promise<boolean>((resolve) => {
  const open = indexedDB.open('casebook');
  open.onsuccess = () => {
    const all = open.result.transaction('records').objectStore('records').getAll();
    all.onsuccess = () => resolve((all.result as { key: string }[]).some((r) => r.key === k));
  };
  open.onerror = () => resolve(false);
}), key)).toBe(true);

/** Another person (an admin) signed in through the API. */
export async function otherPerson(baseURL: string) {
  const api = await newRequest.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: { email: ADMIN, password: DEMO_PASSWORD } })).ok()).toBe(true);
  const csrf = (await api.storageState()).cookies.find((c) => c.name === 'csrf-token')!.value;
  return { api, headers: { 'x-csrf-token': csrf } };
}
