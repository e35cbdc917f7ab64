import { expect, type Page } from '@playwright/test';

export { ADMIN, LIMITED, signIn, signInOnly, SUPER_ADMIN } from './sign-in.ts';
/** Screenshots for people to look at; test-results/ is ignored by git. */
export const SHOTS = 'test-results/screens';

export interface Hit { id: string; projectNumber: string; projectName: string; clientName: string; label: string }

export async function search(page: Page, q: string): Promise<Hit[]> {
  const res = await page.request.get(`/api/projects/search?q=${encodeURIComponent(q)}`);
  expect(res.status()).toBe(200);
  return (await res.json()).projects;
}

export async function entriesOf(page: Page, projectId: string) {
  const res = await page.request.get(`/api/time-tracking/projects/${projectId}`);
  expect(res.status()).toBe(200);
  return res.json();
}

/** The time row that carries this key (the entry id once saved). */
export const rowByKey = (page: Page, key: string) => page.locator(`[data-row-key="${key}"]`);

/** Adds a row with the Add Row button and returns its key. */
export async function addRow(page: Page): Promise<string> {
  // A picked project always shows at least one row once its entries are in: count after that.
  await expect(page.locator('[data-row-key]').first()).toBeVisible();
  const before = await page.locator('[data-row-key]').count();
  await page.getByRole('button', { name: 'Add Row' }).click();
  await expect(page.locator('[data-row-key]')).toHaveCount(before + 1);
  return (await page.locator('[data-row-key]').last().getAttribute('data-row-key'))!;
}
