// Issue 41: Settings → Reminders (missing-time e-mails on by default, bill reminders off), and a
// budget on the case page (hours for admins, money for super admins only; others read percentages).
import { expect, test, type Page } from './test.ts';
import { aProjectId } from './records.ts';
import { seriousViolations } from './axe.ts';
import { pressUntilShown } from './press.ts';
import { ADMIN, LIMITED, signIn, signInOnly } from './sign-in.ts';

const SHOTS = 'test-results/screens';

// axe-core is injected into the page, which the app's CSP rightly forbids.
test.use({ bypassCSP: true });

const csrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;

/** The case of a demo project, with no budget left from an earlier run. */
async function aCaseWithoutBudgets(page: Page): Promise<{ caseId: string; projectId: string; projectNumber: string }> {
  const projectId = await aProjectId(page);
  const project = await (await page.request.get(`/api/projects/${projectId}`)).json() as { case: { id: string }; projectNumber: string };
  const { budgets } = await (await page.request.get(`/api/cases/${project.case.id}/budgets`)).json() as { budgets: { id: string }[] };
  for (const b of budgets) await page.request.delete(`/api/budgets/${b.id}`, { headers: { 'x-csrf-token': await csrf(page) } });
  return { caseId: project.case.id, projectId, projectNumber: project.projectNumber };
}

test('an admin turns bill reminders on and off in Settings → Reminders', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOnly(page, ADMIN);
  await page.goto('/settings/reminders');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Reminders', exact: true, level: 3 })).toBeVisible();
  const missing = main.getByRole('switch', { name: 'Missing-time reminders' });
  const bills = main.getByRole('switch', { name: 'Bill reminders' });
  await expect(missing).toBeChecked();
  await expect(bills).not.toBeChecked();
  await expect(main.getByText("'Your week of MM/DD/YYYY is not submitted'", { exact: false })).toBeVisible();

  await bills.click();
  await main.getByRole('button', { name: 'Save reminder settings' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'Reminder settings saved.' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-reminders-desktop.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(main.getByRole('switch', { name: 'Bill reminders' })).toBeChecked();

  await main.getByRole('switch', { name: 'Bill reminders' }).click();
  await main.getByRole('button', { name: 'Save reminder settings' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'Reminder settings saved.' })).toBeVisible();
  await expect(main.getByRole('switch', { name: 'Bill reminders' })).not.toBeChecked();
});

test('a limited user cannot open Settings → Reminders', async ({ page }) => {
  await signInOnly(page, LIMITED);
  await page.goto('/settings/reminders');
  await expect(page.getByText('Admin settings are available to administrators only.')).toBeVisible();
  expect((await page.request.get('/api/settings/reminders')).status()).toBe(403);
});

test('budgets on the case page: an admin sets hours, a super admin money, and others read only the percentage of money', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const { caseId, projectNumber } = await aCaseWithoutBudgets(page);

  // The super admin sets a money budget on the project.
  await page.goto(`/case/${caseId}`);
  const section = page.getByRole('region', { name: 'Budgets' });
  await expect(section.getByText('No budget is set.')).toBeVisible();
  await pressUntilShown(section.getByRole('button', { name: 'Set budget' }), section.getByRole('textbox', { name: 'Budget for' }));
  await section.getByRole('textbox', { name: 'Budget for' }).click();
  await page.getByRole('option', { name: new RegExp(`^Project ${projectNumber}`) }).click();
  await section.getByText('Money', { exact: true }).click();
  await section.getByRole('textbox', { name: 'Budget ($)' }).fill('250000');
  await section.getByRole('button', { name: 'Save budget' }).click();
  const moneyRow = section.getByRole('row').filter({ hasText: `Project ${projectNumber}` });
  await expect(moneyRow.getByText('$250,000.00')).toBeVisible();

  // An admin sets an hours budget on the whole case; a bad amount is refused under its field first.
  const admin = await browser.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await signInOnly(admin, ADMIN);
  await admin.goto(`/case/${caseId}`);
  const adminSection = admin.getByRole('region', { name: 'Budgets' });
  await expect(adminSection.getByRole('row').filter({ hasText: `Project ${projectNumber}` }).getByText('Money budget')).toBeVisible();
  await expect(adminSection.getByText('$250,000.00')).toHaveCount(0);
  await pressUntilShown(adminSection.getByRole('button', { name: 'Set budget' }), adminSection.getByRole('textbox', { name: 'Budget for' }));
  await expect(adminSection.getByText('Money', { exact: true })).toHaveCount(0);
  expect(await seriousViolations(admin)).toEqual([]);
  await adminSection.getByRole('textbox', { name: 'Budget (hours)' }).fill('0');
  await adminSection.getByRole('button', { name: 'Save budget' }).click();
  await expect(adminSection.getByText('A budget is more than 0').first()).toBeVisible();
  await adminSection.getByRole('textbox', { name: 'Budget (hours)' }).fill('40');
  await adminSection.getByRole('button', { name: 'Save budget' }).click();
  const caseRow = adminSection.getByRole('row').filter({ hasText: 'Whole case' });
  await expect(caseRow.getByText('40.0 h')).toBeVisible();
  await expect(caseRow.getByText(/^\d+\.\d %$/)).toBeVisible();
  await expect(caseRow.getByRole('progressbar')).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/case-budgets-admin.png`, fullPage: true });
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.close();

  await page.reload();
  await expect(section.getByRole('row').filter({ hasText: 'Whole case' }).getByText('40.0 h')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/case-budgets-super-admin.png`, fullPage: true });
});

test('an issued bill lists its reminders for super admins', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOnly(page);
  const { bills } = await (await page.request.get('/api/bills')).json() as { bills: { id: string; status: string }[] };
  const issued = bills.find((b) => b.status === 'issued' || b.status === 'partially_paid');
  // The demo data holds issued bills: a missing one is a failure, not a reason to skip.
  expect(issued, 'an issued bill in the demo data').toBeDefined();
  await page.goto(`/accounting/bills/${issued!.id}`);
  const section = page.getByRole('region', { name: 'Reminders' });
  await expect(section.getByRole('heading', { name: 'Reminders' })).toBeVisible();
  await expect(section.getByText('No reminder has been sent for this bill.').or(section.getByRole('table'))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
