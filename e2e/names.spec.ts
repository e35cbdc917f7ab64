import { expect, test, type Page } from './test.ts';
import { toIsoDate } from '../src/core/smart-date.ts';
import { usDay } from './days.ts';
import { ADMIN, LIMITED, signIn, signInOnly, SUPER_ADMIN } from './sign-in.ts';
import { addRow, entriesOf, rowByKey, search, SHOTS } from './time-tracking-helpers.ts';

// Names people use (issue 28): roles in words, a new row's initials, and why a row cannot be changed.

const LUIS = 'luis.mendoza@casebook.test';
const ENTERED_BY_LUIS = 'Entered by Luis Mendoza: only an administrator can change it';

test('the header names the role: Super admin, Administrator, Limited user', async ({ browser }) => {
  for (const [email, role] of [[SUPER_ADMIN, 'Super admin'], [ADMIN, 'Administrator'], [LIMITED, 'Limited user']] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email);
    await expect(page.getByTestId('user-role')).toHaveText(role);
    if (email === SUPER_ADMIN) await page.locator('header').screenshot({ path: `${SHOTS}/names-header-super-admin.png` });
    await context.close();
  }
});

test('the users list and form read the roles in words', async ({ page }) => {
  await signInOnly(page, SUPER_ADMIN);
  await page.goto('/settings/users');
  const users = page.getByRole('region', { name: 'Users' });
  const table = users.getByRole('table', { name: 'Users' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole('row').filter({ hasText: SUPER_ADMIN })).toContainText('Super admin');
  await expect(table.getByRole('row').filter({ hasText: ADMIN })).toContainText('Administrator');
  await expect(table.getByRole('row').filter({ hasText: LIMITED })).toContainText('Limited user');
  await expect(table).not.toContainText('limited_user');
  await expect(table).not.toContainText('Admin Assistant');
  await table.scrollIntoViewIfNeeded();
  await users.screenshot({ path: `${SHOTS}/names-users-list.png` });
  await users.getByRole('button', { name: 'Add user' }).click();
  const form = page.getByRole('dialog', { name: 'Add user' });
  await form.getByRole('textbox', { name: 'Role', exact: true }).click();
  for (const role of ['Super admin', 'Administrator', 'Limited user']) await expect(page.getByRole('option', { name: role, exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/names-user-form.png` });
});

/** A project with at least one job title, as seen by `page`. */
async function someProject(page: Page) {
  for (const hit of await search(page, 'roof')) {
    const data = await entriesOf(page, hit.id);
    if (data.jobTitles.length > 0) return { id: hit.id, jobTitle: data.jobTitles[0] as string };
  }
  throw new Error('no project with job titles');
}

test("a new row takes the signed-in user's initials", async ({ page }) => {
  await signIn(page, ADMIN);
  const project = await someProject(page);
  await page.goto(`/time-tracking?project=${project.id}`);
  const key = await addRow(page);
  await expect(rowByKey(page, key).getByLabel('Initials')).toHaveValue('DP');
  await page.getByText('Log Expense').click();
  const expenseKey = await addRow(page);
  await expect(rowByKey(page, expenseKey).getByLabel('Initials')).toHaveValue('DP');
});

test("a limited user reads why another person's row cannot be changed", async ({ browser }) => {
  const luisContext = await browser.newContext();
  const luis = await luisContext.newPage();
  await signIn(luis, LUIS);
  const project = await someProject(luis);
  const csrf = (await luisContext.cookies()).find((c) => c.name === 'csrf-token')?.value ?? '';
  const id = crypto.randomUUID();
  const saved = await luis.request.put(`/api/time-entries/${id}`, {
    headers: { 'x-csrf-token': csrf },
    data: { projectId: project.id, entryDate: toIsoDate(usDay(0)), jobType: project.jobTitle, hours: 1.25, description: 'Roof measurements by Luis' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  // Sent without initials: Luis's own.
  expect((await saved.json()).entry.initials).toBe('LM');
  await luisContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInOnly(page, LIMITED);
  await page.goto(`/time-tracking?project=${project.id}`);
  const row = rowByKey(page, id);
  await expect(row).toHaveAttribute('title', ENTERED_BY_LUIS);
  await expect(row.getByLabel('Hours')).toBeDisabled();
  await expect(row.locator('[data-owner-lock]')).toHaveAttribute('title', ENTERED_BY_LUIS);
  await expect(page.getByRole('note', { name: 'Rows you cannot change' })).toContainText(ENTERED_BY_LUIS);
  // Delete is disabled and says why (issue 38), rather than an error after two clicks.
  await expect(row.getByRole('button', { name: 'Delete Row' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Delete Row' })).toHaveAccessibleDescription(ENTERED_BY_LUIS);
  await page.screenshot({ path: `${SHOTS}/names-why-not-editable.png` });
  // The server says the same to an edit sent anyway.
  const csrfJames = (await context.cookies()).find((c) => c.name === 'csrf-token')?.value ?? '';
  const refused = await page.request.put(`/api/time-entries/${id}`, {
    headers: { 'x-csrf-token': csrfJames },
    data: { projectId: project.id, entryDate: toIsoDate(usDay(0)), jobType: project.jobTitle, hours: 9, version: 1 },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe(ENTERED_BY_LUIS);
  await context.close();
});
