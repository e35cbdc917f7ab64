import { expect, type Cookie, type Page } from '@playwright/test';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../src/server/seed/demo-accounts.ts';

// The demo accounts, one per data role (src/server/seed).
export const SUPER_ADMIN = DEMO_ADMIN_EMAIL;
export const ADMIN = 'denise.park@casebook.test';
export const LIMITED = 'james.whitaker@casebook.test';

// Each worker signs in once per person through the form and keeps the session's cookies (its
// storageState): a later signIn as that person starts from them, so a spec's own steps are what
// the test spends its time on (docs/decisions/119). signInOnly does the same without opening the
// dashboard, for a test whose next step opens its own page (docs/decisions/126). The app's own
// sign-in tests use the form with their own steps.
const sessions = new Map<string, Cookie[]>();

/** Signs in through the login page, as a person would, and waits for the dashboard. */
async function signInWithForm(page: Page, email = SUPER_ADMIN, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signed in as `email`, on the dashboard: with this worker's session for that person when it is
 * still good (nobody signed it out, changed the password or restored the database since), else
 * through the form, whose session is then kept.
 */
export async function signIn(page: Page, email = SUPER_ADMIN, password = DEMO_PASSWORD) {
  if (await useKeptSession(page, email, password)) {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
  }
}

/**
 * Signed in as `email` for a test whose next step opens a page of its own: this worker's session
 * for that person when it still holds, set on the page's context without opening the dashboard
 * first (a page load the test would throw away, docs/decisions/126); else the form, as signIn.
 */
export async function signInOnly(page: Page, email = SUPER_ADMIN, password = DEMO_PASSWORD) {
  await useKeptSession(page, email, password);
}

/** The kept session on the page's context when the server still holds it (true), else the form's (false: on the dashboard). */
async function useKeptSession(page: Page, email: string, password: string): Promise<boolean> {
  const key = `${email}\n${password}`;
  const kept = sessions.get(key);
  if (kept) {
    await page.context().addCookies(kept);
    const res = await page.request.get('/api/auth/session');
    const user = res.ok() ? ((await res.json()) as { user?: { email?: string } }).user : undefined;
    if (user?.email?.toLowerCase() === email.toLowerCase()) return true;
    sessions.delete(key);
    await page.context().clearCookies();
  }
  await signInWithForm(page, email, password);
  sessions.set(key, (await page.context().storageState()).cookies);
  return false;
}
