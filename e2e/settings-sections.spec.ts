// Issue 28: Settings in sections (docs/decisions/096). One address per section, a side navigation
// (a 'Settings sections' menu on a phone), back and forward between sections, /settings opening the
// first section a person may open, each section's code fetched when it is opened.
import { expect, test, type Page } from './test.ts';
import { ADMIN, LIMITED, signIn, signInOnly } from './sign-in.ts';

/** Address, and the name of the section in the navigation and as its heading. */
const SECTIONS: [path: string, name: string][] = [
  ['calendar', 'Google Calendar'], ['firm-profile', 'Firm profile'], ['engagement-letter', 'Engagement letter'], ['timesheets', 'Timesheets'],
  ['deadlines', 'Deadlines'], ['field-reports', 'Field reports'], ['email', 'E-mail'], ['reminders', 'Reminders'], ['address-lookup', 'Address lookup'],
  ['users', 'Users'], ['backups', 'Backups'], ['audit', 'Audit log'],
  ['security', 'Sign-in security'], ['sign-in', 'Sign in with Google or Microsoft'], ['import', 'Import'],
  ['account', 'My account'],
];

const SHOTS = 'test-results/screens';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });
const heading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { name, exact: true, level: 3 });

/** The section is open: its address, its heading, and its link marked as the current page. */
async function expectOpen(page: Page, path: string, name: string) {
  await expect(page).toHaveURL(new RegExp(`/settings/${path}$`));
  await expect(heading(page, name)).toBeVisible();
  await expect(nav(page).getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav(page).locator('[aria-current="page"]')).toHaveCount(1);
  await expect(page).toHaveTitle('Admin Settings');
}

test('a super admin opens every section by its address', async ({ page }) => {
  await signInOnly(page);
  for (const [path, name] of SECTIONS) {
    await page.goto(`/settings/${path}`);
    await expectOpen(page, path, name);
  }
  await page.goto('/settings/users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-users-desktop.png` });
  await page.goto('/settings/account');
  await expect(page.getByRole('region', { name: 'API tokens' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-account-desktop.png`, fullPage: true });
});

test('the side navigation opens every section; back and forward move between them', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings');
  await expectOpen(page, 'calendar', 'Google Calendar');
  for (const [path, name] of SECTIONS.slice(1)) {
    await nav(page).getByRole('link', { name, exact: true }).click();
    await expectOpen(page, path, name);
  }
  // Back walks the sections in reverse, forward again; /settings itself was replaced, not kept.
  for (let i = SECTIONS.length - 2; i >= 0; i--) {
    await page.goBack();
    await expectOpen(page, ...SECTIONS[i]!);
  }
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goForward();
  await expectOpen(page, 'calendar', 'Google Calendar');
  await page.goForward();
  await expectOpen(page, 'firm-profile', 'Firm profile');
});

test('on a phone the sections are a menu: no sideways scrolling, tap targets of 44 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOnly(page);
  await page.goto('/settings/users');
  await expect(heading(page, 'Users')).toBeVisible();
  await expect(nav(page)).toBeHidden();
  const menu = page.getByRole('button', { name: 'Settings sections' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await page.screenshot({ path: `${SHOTS}/settings-users-phone.png` });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const links = nav(page).getByRole('link');
  await expect(links).toHaveCount(SECTIONS.length);
  for (const link of await links.all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect((await menu.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: `${SHOTS}/settings-menu-phone.png` });
  await nav(page).getByRole('link', { name: 'My account', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(heading(page, 'My account')).toBeVisible();
  await expect(nav(page)).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/settings-account-phone.png`, fullPage: true });
  for (const path of ['account', 'users', 'calendar', 'firm-profile']) {
    await page.goto(`/settings/${path}`);
    await expect(page.getByRole('main').getByRole('heading', { level: 3 }).first()).toBeVisible();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(wide, `/settings/${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.goBack();
  await expect(page).toHaveURL(/\/settings\/calendar$/);
});

test('/settings opens the first section a person may open; other sections say who may open them', async ({ browser }) => {
  const admin = await browser.newPage();
  await signIn(admin, ADMIN);
  await admin.goto('/settings');
  await expectOpen(admin, 'calendar', 'Google Calendar');
  await admin.goBack();
  await expect(admin).toHaveURL(/\/dashboard$/);
  await admin.goto('/admin-settings');
  await expectOpen(admin, 'calendar', 'Google Calendar');
  await expect(nav(admin).getByRole('link')).toHaveCount(SECTIONS.length - 3);
  await admin.goto('/settings/import');
  await expect(admin.getByText('Import is available to super admins only.')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Import', exact: true })).toHaveCount(0);
  await admin.goto('/settings/no-such-section');
  await expect(admin).toHaveURL(/\/settings\/calendar$/);
  // Google's answer to Connect comes back to /settings: it reaches the calendar section with its query.
  await admin.goto('/settings?error=access_denied');
  await expect(admin).toHaveURL(/\/settings\/calendar$/);
  await expect(admin.getByRole('region', { name: 'Google Calendar' }).getByRole('alert').filter({ hasText: 'access_denied' })).toBeVisible();
  await admin.close();

  const limited = await browser.newPage();
  await signInOnly(limited, LIMITED);
  await limited.goto('/settings');
  await expectOpen(limited, 'account', 'My account');
  await expect(nav(limited).getByRole('link')).toHaveCount(1);
  await limited.goto('/settings/users');
  await expect(limited.getByText('Admin settings are available to administrators only.')).toBeVisible();
  await expect(limited.getByRole('region', { name: 'Users' })).toHaveCount(0);
  await limited.screenshot({ path: `${SHOTS}/settings-refused-desktop.png` });
  await limited.close();
});

test("each section's code is fetched when it is opened, not before", async ({ page: signedIn }) => {
  await signIn(signedIn);
  // A page of its own, opened at the section: the dashboard signIn lands on loads code of its own.
  const page = await signedIn.context().newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  await page.goto('/settings/users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  // Sign-in security is the exception: its code is in every first load, through the sign-in page's
  // two-factor step (the two-factor feature is one unit).
  for (const [path, name] of SECTIONS.filter(([path]) => path !== 'users' && path !== 'security')) {
    const before = scripts.size;
    await nav(page).getByRole('link', { name, exact: true }).click();
    await expectOpen(page, path, name);
    expect(scripts.size, `opening ${name} fetched its code`).toBeGreaterThan(before);
  }
  // Back to a section already open: nothing more to fetch.
  const seen = scripts.size;
  await nav(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  expect(scripts.size).toBe(seen);
});
