import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { todayUs } from '../src/core/smart-date.ts';
import { DEMO_PASSWORD } from '../src/server/db/seed/demo-accounts.ts';

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function signIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** A demo project that has action items. */
async function someProject(page: Page): Promise<string> {
  const res = await page.request.get('/api/action-items');
  const { items } = (await res.json()) as { items: { project_id: string }[] };
  return items[0]!.project_id;
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function showStatus(page: Page, label: string) {
  await page.getByRole('textbox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('two people on one project: create, live update, complete, filter, archive', async ({ browser }) => {
  const margaret = await signIn(browser, 'margaret.hale@casebook.test');
  const denise = await signIn(browser, 'denise.park@casebook.test');
  const projectId = await someProject(margaret);
  await margaret.goto(`/action-items?project=${projectId}`);
  await denise.goto(`/action-items?project=${projectId}`);
  await expect(denise.getByRole('table', { name: 'Action items' })).toBeVisible();

  const title = `Walk the site with the adjuster ${Date.now()}`;
  await margaret.getByRole('button', { name: 'Add New Action Item' }).click();
  const dialog = margaret.getByRole('dialog', { name: 'New Action Item' });
  await expect(dialog.getByLabel('Client Name')).not.toHaveValue('');
  await dialog.getByLabel('Assignee').fill('Denise');
  await margaret.getByRole('option', { name: 'Denise Park' }).click();
  await dialog.getByLabel('Short Description').fill(title);
  await dialog.getByLabel('Date').fill('next friday');
  await dialog.getByLabel('Date').press('Tab');
  await expect(dialog.getByLabel('Date')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await dialog.getByLabel('Start Time').fill('930');
  await dialog.getByLabel('Start Time').press('Tab');
  await expect(dialog.getByLabel('Start Time')).toHaveValue('9:30 AM');
  await expect(dialog.getByLabel('End Time')).toHaveValue('10:00 AM');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(margaret.getByText('Action Item Saved')).toBeVisible();
  await expect(rowOf(margaret, title)).toContainText('9:30 AM - 10:00 AM');

  // The other person sees it without reloading (Server-Sent Events).
  await expect(rowOf(denise, title)).toBeVisible();
  await expect(rowOf(denise, title)).toContainText('Denise Park');

  // Completing stamps today's date in Completed.
  await rowOf(margaret, title).getByRole('button', { name: /Change status/ }).click();
  await margaret.getByRole('menuitem', { name: 'Completed' }).click();
  await expect(rowOf(margaret, title)).toContainText(todayUs(new Date()));
  await expect(rowOf(denise, title)).toContainText(todayUs(new Date()));

  // Completed shows it; Open does not. (SPEC §4: Active means "not archived", so it stays there until archived.)
  await showStatus(margaret, 'Completed');
  await expect(rowOf(margaret, title)).toBeVisible();
  await showStatus(margaret, 'Open');
  await expect(rowOf(margaret, title)).toHaveCount(0);

  // Archive moves it to Archived and out of Active.
  await showStatus(margaret, 'Active');
  await rowOf(margaret, title).getByRole('button', { name: /Change status/ }).click();
  await margaret.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(rowOf(margaret, title)).toHaveCount(0);
  await expect(rowOf(denise, title)).toHaveCount(0);
  await showStatus(margaret, 'Archived');
  await expect(rowOf(margaret, title)).toBeVisible();
  await expect(rowOf(margaret, title).getByRole('img', { name: 'Archived' })).toBeVisible();
});

test('submitting an empty form lists what is missing; the dashboard form needs a project', async ({ browser }) => {
  const page = await signIn(browser, 'james.whitaker@casebook.test');
  const projectId = await someProject(page);
  await page.goto(`/action-items?project=${projectId}`);
  await page.getByRole('button', { name: 'Add New Action Item' }).click();
  await page.getByRole('dialog', { name: 'New Action Item' }).getByRole('button', { name: 'Save' }).click();
  const problems = page.getByRole('dialog', { name: 'Please complete required fields' });
  await expect(problems).toContainText('Assignee is required');
  await expect(problems).toContainText('Short description is required');
  await expect(problems).toContainText('Date is required');
  await expect(problems).not.toContainText('Please select a project');
  await problems.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('dialog', { name: 'New Action Item' }).getByRole('button', { name: 'Discard' }).click();

  await page.goto('/action-items');
  await page.getByRole('button', { name: 'Add New Action Item' }).click();
  await page.getByRole('dialog', { name: 'New Action Item' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Please complete required fields' })).toContainText('Please select a project');
});

test('sorting toggles direction and the empty messages follow the filter', async ({ browser }) => {
  const page = await signIn(browser, 'denise.park@casebook.test');
  await page.goto('/action-items');
  const dateHeader = page.getByRole('columnheader', { name: /Date/ }).first();
  await expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: 'Sort by Date' }).click();
  await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('button', { name: 'Sort by Assignee' }).click();
  await expect(page.getByRole('columnheader', { name: /Assignee/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('button', { name: 'PDF Report' })).toHaveCount(0);

  // The three empty messages, on a list with nothing in it.
  await page.route('**/api/action-items', (route) => route.fulfill({ json: { items: [], project: null } }));
  await page.reload();
  await expect(page.getByText('No active action items found.')).toBeVisible();
  await showStatus(page, 'Archived');
  await expect(page.getByText('No archived action items found.')).toBeVisible();
  await showStatus(page, 'Open');
  await expect(page.getByText('No action items found with the selected filters.')).toBeVisible();
});

test('the card on time tracking: no project, inline form, edit, inline assignee change and its failure', async ({ browser }) => {
  const page = await signIn(browser, 'denise.park@casebook.test');
  await page.goto('/time-tracking');
  const card = page.getByRole('region', { name: 'Action items' });
  await expect(card.getByText('Select a client to view action items')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add New Action Item' })).toBeDisabled();

  const projectId = await someProject(page);
  await page.goto(`/time-tracking?project=${projectId}`);
  await card.getByRole('button', { name: 'Add New Action Item' }).click();
  await expect(card.getByRole('heading', { name: 'New Action Item Details' })).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Add New Action Item' })).toHaveCount(0);
  const title = `Order moisture readings ${Date.now()}`;
  await card.getByPlaceholder('Start typing a name').fill('Priya');
  await page.getByRole('option', { name: 'Priya Raman' }).click();
  await card.getByLabel('Short Description').fill(title);
  await card.getByRole('textbox', { name: /^Date/ }).fill('tomorrow');
  await card.getByLabel('End Time').fill('5pm');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Action Item Saved')).toBeVisible();
  await expect(rowOf(page, title)).toContainText('Until 5:00 PM');

  // Edit: Update and the list of changed fields.
  await rowOf(page, title).getByRole('button', { name: /^Edit/ }).click();
  await expect(card.getByRole('heading', { name: 'Edit Action Item Details' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Discard Changes' })).toBeVisible();
  await card.getByLabel('Start Time').fill('4pm');
  await card.getByLabel('Start Time').press('Tab');
  await expect(card.getByLabel('End Time')).toHaveValue('5:00 PM'); // set by hand before: left alone
  await card.getByRole('button', { name: 'Update' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Action Item Updated' });
  await expect(toast).toContainText('Start Time');
  await expect(rowOf(page, title)).toContainText('4:00 PM - 5:00 PM');

  // Inline assignee change, saved.
  await rowOf(page, title).getByRole('button', { name: /Change assignee/ }).click();
  await page.getByRole('option', { name: 'James Whitaker' }).click();
  await expect(rowOf(page, title)).toContainText('James Whitaker');
  await page.reload();
  await expect(rowOf(page, title)).toContainText('James Whitaker');

  // A failed save puts the old assignee back and says so.
  await page.route('**/api/action-items/*', (route) => (route.request().method() === 'PATCH'
    ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"SERVER_ERROR","message":"x"}}' })
    : route.continue()));
  await rowOf(page, title).getByRole('button', { name: /Change assignee/ }).click();
  await page.getByRole('option', { name: 'Priya Raman' }).click();
  await expect(card.getByRole('alert')).toHaveText('Failed to update assignee');
  await expect(rowOf(page, title)).toContainText('James Whitaker');
});
