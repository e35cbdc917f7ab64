import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../src/server/db/seed/demo-accounts.ts';

export const SUPER_ADMIN = 'margaret.hale@casebook.test';
export const ADMIN = 'denise.park@casebook.test';
export const LIMITED = 'james.whitaker@casebook.test';

// Keys the fake Radar server (test/fakes/radar-server.ts) answers: good, 401, 429.
export const GOOD_KEY = 'prj_test_pk_e2e0000000000good';
export const INVALID_KEY = 'prj_test_pk_invalid';
export const RATE_LIMITED_KEY = 'prj_test_pk_ratelimited';

export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

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
