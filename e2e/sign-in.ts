import { expect, type Page } from '@playwright/test';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../src/server/seed/demo-accounts.ts';

// The demo accounts, one per data role (src/server/seed).
export const SUPER_ADMIN = DEMO_ADMIN_EMAIL;
export const ADMIN = 'denise.park@casebook.test';
export const LIMITED = 'james.whitaker@casebook.test';

/** Signs in through the login page, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, email = SUPER_ADMIN, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
