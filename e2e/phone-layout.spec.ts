// Issue 26: at 390 × 844 on a touch phone, the shell, the field reports and the time rows are
// usable with a thumb: no sideways scrolling, tap targets of 44 px, no serious axe finding
// (docs/decisions/107). The pictures of each screenful are in test-results/phone/.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './test.ts';
import { makeJpeg } from '../test/helpers/uploads.ts';
import { pressUntilShown } from './press.ts';
import { checkPhoneScreen, PHONE, sidewaysOverflow } from './phone-checks.ts';
import { aProjectId } from './records.ts';
import { ADMIN, LIMITED, signIn, SUPER_ADMIN } from './sign-in.ts';

// axe is injected as a script; the app's CSP rightly forbids that to anyone else.
test.use({ ...PHONE, bypassCSP: true });

/** A project whose time rows are already many (someone's saved rows, perhaps locked ones), to see them as cards. */
async function projectWithRows(page: Page): Promise<string> {
  const { cases } = await (await page.request.get('/api/cases')).json() as { cases: { id: string }[] };
  for (const c of cases.slice(0, 20)) {
    const { projects } = await (await page.request.get(`/api/cases/${c.id}`)).json() as { projects: { id: string }[] };
    for (const { id } of projects) {
      const entries = await (await page.request.get(`/api/time-tracking/projects/${id}`)).json() as { timeEntries: unknown[] };
      if (entries.timeEntries.length >= 3) return id;
    }
  }
  throw new Error('No project with three time rows in the demo data');
}

async function newReport(page: Page, projectId: string): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
  const created = await page.request.post('/api/field-reports', {
    headers: { 'x-csrf-token': token },
    data: { id: randomUUID(), projectId, reportType: 'Initial Inspection', date: new Date().toISOString().slice(0, 10) },
  });
  expect(created.ok()).toBe(true);
  return (await created.json() as { id: string }).id;
}

// The super admin sees the money: each row's cost and the totals rows.
for (const [role, email] of [['limited_user', LIMITED], ['admin', ADMIN], ['super_admin', SUPER_ADMIN]] as const) {
  test(`the shell, field reports, time rows and timesheet fit a phone, as ${role}`, async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, email);
    await expect(page.getByRole('link', { name: /Hale & Ortiz/ })).toBeVisible();
    await checkPhoneScreen(page, `${role}-dashboard`);

    // The header's menu holds what a desktop header shows in a row.
    await page.getByRole('button', { name: / Menu$/ }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    for (const link of ['Time Tracking', 'Timesheet']) await expect(menu.getByRole('link', { name: link })).toBeVisible();
    for (const button of ['My account', 'My calendar feed', 'Log out']) await expect(menu.getByRole('button', { name: button })).toBeVisible();
    await checkPhoneScreen(page, `${role}-menu`);
    await menu.getByRole('button', { name: 'My calendar feed' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('dialog')).toBeVisible();
    await checkPhoneScreen(page, `${role}-calendar-feed`);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: / Menu$/ }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: / Menu$/ }).click();
    await page.touchscreen.tap(195, 780);
    await expect(menu).toBeHidden();
    // The firm's name stays on one line beside the back button, the queue line and the menu: it gives
    // way first (cut with an ellipsis, whole in its title), and never pushes the menu off screen.
    await page.goto('/field-reports');
    const firm = page.getByRole('link', { name: 'Hale & Ortiz Engineering' });
    await expect(firm).toHaveAttribute('title', 'Hale & Ortiz Engineering');
    expect(await firm.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
    expect((await page.getByRole('button', { name: / Menu$/ }).boundingBox())!.x + 44).toBeLessThanOrEqual(390);

    // A report of one's own, so the list has a row to show.
    const project = await aProjectId(page);
    const reportId = await newReport(page, project);
    await page.goto('/field-reports');
    await expect(page.getByRole('link', { name: /^\d+$/ }).first()).toBeVisible();
    await checkPhoneScreen(page, `${role}-field-reports`);
    await page.getByRole('button', { name: 'New Field Report' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await checkPhoneScreen(page, `${role}-new-report`);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto(`/field-reports/${reportId}`);
    await expect(page.getByRole('heading', { name: /Field Report/ }).first()).toBeVisible();
    // Two photos, so the attachment cards' caption, move and remove controls are measured too.
    await page.getByLabel('Choose photos to upload').setInputFiles([
      { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(1200, 900) },
      { name: 'ceiling.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(900, 1200) },
    ]);
    await expect(page.getByRole('heading', { name: 'Photos (2)' })).toBeVisible();
    // Every section is scrolled to, as a thumb would, and must fit the width where it is.
    for (const heading of await page.getByRole('heading', { level: 3 }).all()) await heading.scrollIntoViewIfNeeded();
    await checkPhoneScreen(page, `${role}-editor`);

    await page.getByRole('button', { name: 'Certify' }).click();
    const dialog = page.getByRole('dialog');
    // Someone who saved a signature earlier (another spec may have) chooses to draw one here.
    const drawOne = dialog.getByText('Draw a signature', { exact: true });
    await expect(dialog.getByRole('img', { name: 'Signature pad' }).or(drawOne)).toBeVisible();
    if (await drawOne.isVisible()) await drawOne.click();
    await expect(dialog.getByRole('img', { name: 'Signature pad' })).toBeVisible();
    // A finger's stroke signs.
    const pad = (await dialog.getByRole('img', { name: 'Signature pad' }).boundingBox())!;
    await page.mouse.move(pad.x + 20, pad.y + pad.height / 2);
    await page.mouse.down();
    await page.mouse.move(pad.x + pad.width / 2, pad.y + 20, { steps: 5 });
    await page.mouse.move(pad.x + pad.width - 20, pad.y + pad.height - 20, { steps: 5 });
    await page.mouse.up();
    await expect(dialog.getByText('Signed.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Sign and certify' })).toBeEnabled();
    await checkPhoneScreen(page, `${role}-certify`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/time-tracking?project=${await projectWithRows(page)}`);
    await expect(page.getByRole('table', { name: 'Time entries' })).toBeVisible();
    await expect(page.locator('[data-row-key]').first()).toBeVisible();
    await checkPhoneScreen(page, `${role}-time-tracking`);
    await page.getByText('Log Expense', { exact: true }).click();
    await expect(page.getByRole('table', { name: 'Expense entries' })).toBeVisible();
    await expect(page.locator('[data-row-key]').first()).toBeVisible();
    await checkPhoneScreen(page, `${role}-expenses`);

    // The week's grid keeps its columns and scrolls inside its own box; its cells are 44 px.
    await page.goto('/timesheet');
    await expect(page.getByRole('button', { name: 'Previous week' })).toBeVisible();
    await checkPhoneScreen(page, `${role}-timesheet`);
  });
}

// A phone browser widens its page to fit the widest element: a table wider than the screen made the
// whole case page wider, and the collect form under it no longer filled the screen (issue 42).
test('the case page scrolls no wider than a phone, and its collect form fills the screen', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  const { cases } = await (await page.request.get('/api/cases')).json() as { cases: { id: string }[] };
  await page.goto(`/case/${cases[0]!.id}`);
  await expect(page.getByRole('table', { name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Evidence' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  const dialog = page.getByRole('dialog', { name: 'Collect evidence item' });
  await pressUntilShown(page.getByRole('button', { name: 'Collect item' }), dialog);
  await expect(dialog.getByRole('button', { name: 'Add photo' })).toBeInViewport();
  expect((await dialog.boundingBox())!.width).toBe(PHONE.viewport.width);
});
