import { expect, type Page } from '@playwright/test';

export { ADMIN, LIMITED, signInOnly, SUPER_ADMIN } from './sign-in.ts';

// Keys the fake Radar server (test/fakes/radar-server.ts) answers: good, 401, 429.
export const GOOD_KEY = 'prj_test_pk_e2e0000000000good';
export const INVALID_KEY = 'prj_test_pk_invalid';
export const RATE_LIMITED_KEY = 'prj_test_pk_ratelimited';

/** Stores the test-environment key and enables the lookup, through the same API the Settings page uses. */
export async function setLookupKey(page: Page, key: string) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf-token')?.value ?? '';
  const current = await (await page.request.get('/api/settings/address-lookup')).json();
  const res = await page.request.put('/api/settings/address-lookup', {
    headers: { 'x-csrf-token': csrf },
    data: { enabled: true, environment: 'test', testKey: key, version: current.version },
  });
  expect(res.status()).toBe(200);
}
