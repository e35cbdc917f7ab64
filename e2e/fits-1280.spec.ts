// Issue 38's small things a user hit: the users table and the new-bill dialog fit a 1280 px screen
// (no horizontal scroll, nothing clipped), and the timesheet's day view scrolls into sight when a
// day is opened. (A locked row's disabled Delete is checked where each lock is made: accounting,
// weeks, weeks-screens and names specs.)
import { expect, test, type Locator, type Page } from './test.ts';
import { SHOTS, signInOnly, SUPER_ADMIN } from './time-tracking-helpers.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** Elements inside `root` whose content is wider than their box (a scrollbar, or text cut off), and whether the page scrolls sideways. */
async function overflows(page: Page, root: Locator): Promise<{ page: boolean; inside: string[] }> {
  const inside = await root.evaluate((element) => [element, ...element.querySelectorAll('*')].flatMap((e) => {
    const style = getComputedStyle(e);
    if (style.display === 'inline' || e.clientWidth === 0) return [];
    return e.scrollWidth > e.clientWidth + 1 ? [`${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${e.scrollWidth}>${e.clientWidth}`] : [];
  }));
  const pageScrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  return { page: pageScrolls, inside };
}

test('the users table fits a 1280 px screen', async ({ page }) => {
  await signInOnly(page, SUPER_ADMIN);
  await page.goto('/settings/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const section = page.locator('section[aria-labelledby="users-heading"]');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/fits-1280-users.png`, fullPage: true });
  expect(await overflows(page, section)).toEqual({ page: false, inside: [] });
  const box = (await section.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
});

test('the new-bill dialog fits a 1280 px screen', async ({ page }) => {
  await signInOnly(page, SUPER_ADMIN);
  await page.goto('/accounting');
  const unbilled = page.getByRole('table', { name: 'Unbilled work' });
  await unbilled.getByRole('button', { name: /^Create bill for / }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('table', { name: 'Bill entries' }).locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/fits-1280-new-bill.png` });
  expect(await overflows(page, dialog)).toEqual({ page: false, inside: [] });
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
});

test("the timesheet's day view scrolls into sight when a day is opened", async ({ page }) => {
  await signInOnly(page, SUPER_ADMIN);
  await page.goto('/timesheet');
  await expect(page.getByRole('heading', { name: 'Timesheet', exact: true })).toBeVisible();
  const dayView = page.getByRole('region', { name: /The day's calendar/ });
  await page.getByRole('button', { name: /Open the day's view|Mon/ }).first().click();
  await expect(dayView).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/fits-1280-day-view.png` });
});
