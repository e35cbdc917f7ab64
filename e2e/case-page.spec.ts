// The case page's data sections show together once each has its first answer, hidden in their place
// meanwhile, so nothing below them moves under the pointer (docs/decisions/205).
import { aProjectId } from './records.ts';
import { ADMIN, signInOnly, SUPER_ADMIN } from './sign-in.ts';
import { expect, test, type Page } from './test.ts';

async function aCase(page: Page): Promise<string> {
  const project = await aProjectId(page);
  return ((await (await page.request.get(`/api/projects/${project}`)).json()) as { caseId: string }).caseId;
}

type Seen = Record<string, { visibility: string; height: number }>;

/**
 * Holds one answer of the case page until the returned function is called, and records each heading's
 * visibility when it first enters the page (in the mutation's own microtask, so whatever the machine's
 * pace): read back by `expectArrivedHidden`.
 */
async function holdAndWatch(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await held;
    await route.fallback();
  });
  await page.addInitScript(() => {
    const seen: Seen = {};
    (window as unknown as { seen: Seen }).seen = seen;
    new MutationObserver(() => {
      for (const h of document.querySelectorAll('main h3')) {
        const name = h.textContent ?? '';
        seen[name] ??= { visibility: getComputedStyle(h).visibility, height: h.getBoundingClientRect().height };
      }
    }).observe(document, { subtree: true, childList: true });
  });
  return release;
}

async function expectArrivedHidden(page: Page, names: string[]) {
  await expect(page.locator('[data-settling]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { seen: Seen }).seen);
  for (const name of names) {
    expect(seen[name], name).toMatchObject({ visibility: 'hidden' });
    expect(seen[name]!.height, name).toBeGreaterThan(0);
  }
}

test('the sections wait for the slowest answer, then show at once', async ({ page }) => {
  await signInOnly(page, ADMIN);
  const caseId = await aCase(page);
  const release = await holdAndWatch(page, `/api/cases/${caseId}/testimony`);
  await page.goto(`/case/${caseId}`);
  await expect(page.getByRole('table', { name: 'Projects' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Testimony', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Evidence', exact: true })).toBeVisible();
  await expectArrivedHidden(page, ['Budgets', 'Parties', 'Evidence', 'Testimony']);
});

test("the super admin's money sections show together too, below the others", async ({ page }) => {
  await signInOnly(page, SUPER_ADMIN);
  const caseId = await aCase(page);
  const release = await holdAndWatch(page, `/api/cases/${caseId}/retainer`);
  await page.goto(`/case/${caseId}`);
  await expect(page.locator('main h3', { hasText: 'Custom rates' })).toBeAttached();
  release();
  await expect(page.getByRole('heading', { name: 'Retainer', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Custom rates', exact: true })).toBeVisible();
  // The retainer, answering last, shows in the same frame as the group; the rates had waited for it, hidden.
  await expectArrivedHidden(page, ['Custom rates']);
});

test('a section whose answer never comes does not hide the others for long', async ({ page }) => {
  await signInOnly(page, ADMIN);
  const caseId = await aCase(page);
  await page.route(`**/api/cases/${caseId}/testimony`, () => new Promise<void>(() => undefined));
  await page.goto(`/case/${caseId}`);
  await expect(page.getByRole('heading', { name: 'Evidence', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collect item' })).toBeVisible();
  await expect(page.locator('[data-settling]')).toHaveCount(0);
});
