import { expect, test, type Browser, type BrowserContext, type Page } from './test.ts';
import { todayUs } from '../src/core/smart-date.ts';
import { signIn as signInAs } from './sign-in.ts';

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

/** A browser of `email`'s own, on the dashboard (the worker's kept session for that person, else the form). */
async function signIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await signInAs(page, email);
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
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label });
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
  await margaret.getByRole('listbox').getByRole('option', { name: 'Denise Park' }).click();
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
  await page.getByRole('dialog', { name: 'New Action Item' }).getByLabel('Meeting URL').fill('javascript:alert(1)');
  await page.getByRole('dialog', { name: 'New Action Item' }).getByRole('button', { name: 'Save' }).click();
  const problems = page.getByRole('dialog', { name: 'Please complete required fields' });
  await expect(problems).toContainText('Meeting URL must start with http:// or https://');
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
  await expect(page.getByRole('button', { name: 'PDF Report' })).toBeVisible();

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
  await page.getByRole('listbox').getByRole('option', { name: 'Priya Raman' }).click();
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
  await page.getByRole('listbox').getByRole('option', { name: 'James Whitaker' }).click();
  await expect(rowOf(page, title)).toContainText('James Whitaker');
  await page.reload();
  await expect(rowOf(page, title)).toContainText('James Whitaker');

  // A failed save puts the old assignee back and says so.
  await page.route('**/api/action-items/*', (route) => (route.request().method() === 'PATCH'
    ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"SERVER_ERROR","message":"x"}}' })
    : route.continue()));
  await rowOf(page, title).getByRole('button', { name: /Change assignee/ }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Priya Raman' }).click();
  await expect(card.getByRole('alert')).toHaveText('Failed to update assignee');
  await expect(rowOf(page, title)).toContainText('James Whitaker');
});

/** Calls the API as the signed-in user of `page` (mutations carry the CSRF header like the app). */
async function apiCall(page: Page, method: 'POST' | 'PATCH', url: string, data: unknown) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf-token')?.value ?? '';
  const res = await page.request.fetch(url, { method, data, headers: { 'x-csrf-token': csrf } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string; version: number };
}

async function newItem(page: Page, projectId: string, title: string) {
  const { users } = (await (await page.request.get('/api/action-items/assignable-users')).json()) as { users: { id: string }[] };
  return apiCall(page, 'POST', '/api/action-items', {
    projectId, assignee: users[0]!.id, shortDescription: title, dueDate: '2030-01-15',
  });
}

test('quick status then archive on one item: the second change waits for the first and both are saved', async ({ browser }) => {
  const page = await signIn(browser, 'margaret.hale@casebook.test');
  const projectId = await someProject(page);
  const title = `Quick changes ${Date.now()}`;
  const item = await newItem(page, projectId, title);
  await page.goto(`/action-items?project=${projectId}`);
  await showStatus(page, 'All');
  // Slow saves: the archive is chosen while the status change is still on its way.
  const versions: number[] = [];
  await page.route(`**/api/action-items/${item.id}`, async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    versions.push((route.request().postDataJSON() as { version: number }).version);
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await rowOf(page, title).getByRole('button', { name: /Change status/ }).click();
  await page.getByRole('menuitem', { name: 'Completed' }).click();
  await rowOf(page, title).getByRole('button', { name: /Change status/ }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(rowOf(page, title).getByRole('img', { name: 'Archived' })).toBeVisible();
  await expect.poll(() => versions.length).toBe(2);
  expect(versions[1]).toBe(versions[0]! + 1);
  await page.waitForTimeout(1000);
  await expect(page.getByRole('region', { name: 'Action items' }).getByRole('alert')).toHaveCount(0);
  await page.unroute(`**/api/action-items/${item.id}`);
  const saved = (await (await page.request.get(`/api/action-items/${item.id}`)).json()) as { status: string; archived: boolean };
  expect(saved).toMatchObject({ status: 'completed', archived: true });
});

test('editing an item someone else changed: their version beside mine, keep mine or use theirs', async ({ browser }) => {
  const margaret = await signIn(browser, 'margaret.hale@casebook.test');
  const denise = await signIn(browser, 'denise.park@casebook.test');
  const projectId = await someProject(margaret);
  const title = `Inspect the roof ${Date.now()}`;
  const item = await newItem(margaret, projectId, title);
  await margaret.goto(`/action-items?project=${projectId}`);
  const dialog = margaret.getByRole('dialog', { name: 'Edit Action Item' });
  const conflict = dialog.getByRole('alert').filter({ hasText: 'Someone else changed this action item' });

  // Keep mine: Denise renames it while Margaret edits the description.
  await rowOf(margaret, title).getByRole('button', { name: /^Edit/ }).click();
  await apiCall(denise, 'PATCH', `/api/action-items/${item.id}`, { version: item.version, shortDescription: `${title} (Denise)` });
  await dialog.getByLabel('Long Description').fill('Bring the moisture meter');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(conflict).toBeVisible();
  const diff = conflict.getByRole('table', { name: 'Conflicting changes' });
  await expect(diff.getByRole('row').filter({ hasText: 'Short Description' })).toContainText(`${title} (Denise)`);
  await expect(diff.getByRole('row').filter({ hasText: 'Long Description' })).toContainText('Bring the moisture meter');
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
  await conflict.getByRole('button', { name: 'Save My Version' }).click();
  await expect(margaret.getByText('Action Item Updated')).toBeVisible();
  await expect(rowOf(margaret, 'Bring the moisture meter')).toContainText(title);
  await expect(rowOf(margaret, `${title} (Denise)`)).toHaveCount(0);

  // Use theirs: the form reloads with Denise's values and then saves normally.
  const now = (await (await margaret.request.get(`/api/action-items/${item.id}`)).json()) as { version: number };
  await rowOf(margaret, title).getByRole('button', { name: /^Edit/ }).click();
  await apiCall(denise, 'PATCH', `/api/action-items/${item.id}`, { version: now.version, shortDescription: `${title} (Denise again)` });
  await dialog.getByLabel('Location').fill('Warehouse');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await conflict.getByRole('button', { name: 'Use Their Version' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(dialog.getByLabel('Short Description')).toHaveValue(`${title} (Denise again)`);
  await dialog.getByLabel('Meeting URL').fill('https://meet.example.com/roof');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(margaret.getByText('Action Item Updated')).toBeVisible();
  await expect(rowOf(margaret, `${title} (Denise again)`)).toBeVisible();
});

test('Add New Action Item waits for the project; the opened form is not counted as edited', async ({ browser }) => {
  const page = await signIn(browser, 'denise.park@casebook.test');
  const projectId = await someProject(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(`**/api/action-items?projectId=${projectId}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/time-tracking?project=${projectId}`);
  const card = page.getByRole('region', { name: 'Action items' });
  const add = card.getByRole('button', { name: 'Add New Action Item' });
  await expect(add).toBeDisabled();
  release();
  await add.click();
  await expect(card.getByLabel('Client Name')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('You have unsaved changes that will be lost. Do you want to continue?')).toHaveCount(0);
});

test('live updates: a stream refused for good is opened again, and opening reloads the list', async ({ browser }) => {
  const margaret = await signIn(browser, 'margaret.hale@casebook.test');
  const denise = await signIn(browser, 'denise.park@casebook.test');
  const projectId = await someProject(margaret);
  let refused = 0;
  // The first stream is answered 401 (EventSource then closes for good and never retries itself).
  await margaret.route('**/api/action-items/events*', async (route) => {
    refused += 1;
    await route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":{"code":"AUTH_REQUIRED"}}' });
    await margaret.unroute('**/api/action-items/events*');
  });
  await margaret.goto(`/action-items?project=${projectId}`);
  await expect(margaret.getByRole('table', { name: 'Action items' })).toBeVisible();
  // Made while Margaret has no stream: the reopened stream's first open reloads the list.
  const missed = `Made while disconnected ${Date.now()}`;
  await newItem(denise, projectId, missed);
  await expect(rowOf(margaret, missed)).toBeVisible();
  expect(refused).toBe(1);
  // And the new stream carries later changes live.
  const live = `Made while connected ${Date.now()}`;
  await newItem(denise, projectId, live);
  await expect(rowOf(margaret, live)).toBeVisible();
});

test('300 items: a sort reaches every row, in order, and a row scrolled to shows its own item', async ({ browser }) => {
  const page = await signIn(browser, 'denise.park@casebook.test');
  const { items } = (await (await page.request.get('/api/action-items')).json()) as { items: Record<string, unknown>[] };
  // Days 0..299 in a scrambled order (7 and 300 share no factor), one item per day.
  const day = (i: number) => (i * 7) % 300;
  const usDate = (d: number) => new Date(Date.UTC(2027, 0, 1 + d)).toISOString().replace(/^(\d{4})-(\d{2})-(\d{2}).*$/, '$2/$3/$1');
  const many = Array.from({ length: 300 }, (_, i) => ({
    ...items[0], id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, shortDescription: `Place ${i}`,
    dueDate: usDate(day(i)), status: 'open', archived: false, dateCompleted: '',
  }));
  await page.route('**/api/action-items', (route) => route.fulfill({ json: { items: many, project: null } }));
  await page.goto('/action-items');
  const shownIds = () => page.locator('.ai-body [data-item-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-id')));
  const byDate = [...many].sort((a, b) => day(Number(a.shortDescription.slice(6))) - day(Number(b.shortDescription.slice(6))));
  await expect.poll(shownIds).toEqual(byDate.map((i) => i.id));

  await page.getByRole('button', { name: 'Sort by Date' }).click();
  await expect(page.locator('.ai-body [data-item-id]').first()).toContainText(byDate.at(-1)!.shortDescription);
  // The rows far from the screen take their items a moment later: all of them, in order.
  await expect.poll(shownIds).toEqual(byDate.map((i) => i.id).reverse());
  const last = page.locator('.ai-body [data-item-id]').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toContainText(byDate[0]!.shortDescription);
  await expect(last.getByRole('button', { name: `Edit ${byDate[0]!.shortDescription}` })).toBeVisible();

  // From the middle of the list, sorting back: the rows on screen are right in the frame after the
  // click, before the rows far from the screen have caught up.
  await page.locator('.ai-body [data-item-id]').nth(150).scrollIntoViewIfNeeded();
  const onScreen = await page.evaluate(() => new Promise<{ place: number; id: string | null }[]>((resolve) => {
    document.querySelector<HTMLElement>('[aria-label="Sort by Date"]')!.click();
    requestAnimationFrame(() => resolve([...document.querySelectorAll('.ai-body [data-item-id]')]
      .map((row, place) => ({ row, place }))
      .filter(({ row }) => row.getBoundingClientRect().bottom > 0 && row.getBoundingClientRect().top < window.innerHeight)
      .map(({ row, place }) => ({ place, id: row.getAttribute('data-item-id') }))));
  }));
  expect(onScreen.length).toBeGreaterThan(3);
  expect(onScreen[0]!.place).toBeGreaterThan(100);
  expect(onScreen).toEqual(onScreen.map(({ place }) => ({ place, id: byDate[place]!.id })));
  await expect.poll(shownIds).toEqual(byDate.map((i) => i.id));
  // Most of a screen scrolled at once right after a sort: the rows it brings on screen are right in
  // the frame that shows them, whether or not the rows far from the screen have caught up.
  const afterScroll = await page.evaluate(() => new Promise<{ place: number; id: string | null }[]>((resolve) => {
    document.querySelector<HTMLElement>('[aria-label="Sort by Date"]')!.click();
    requestAnimationFrame(() => {
      scrollBy(0, window.innerHeight * 0.8);
      requestAnimationFrame(() => resolve([...document.querySelectorAll('.ai-body [data-item-id]')]
        .map((row, place) => ({ row, place }))
        .filter(({ row }) => row.getBoundingClientRect().bottom > 0 && row.getBoundingClientRect().top < window.innerHeight)
        .map(({ row, place }) => ({ place, id: row.getAttribute('data-item-id') }))));
    });
  }));
  const descending = byDate.map((i) => i.id).reverse();
  expect(afterScroll.length).toBeGreaterThan(3);
  expect(afterScroll).toEqual(afterScroll.map(({ place }) => ({ place, id: descending[place] })));
  await expect.poll(shownIds).toEqual(descending);
});

test("the focus follows its item when someone else's change moves it", async ({ browser }) => {
  const page = await signIn(browser, 'margaret.hale@casebook.test');
  const projectId = await someProject(page);
  const stamp = Date.now();
  const a = await newItem(page, projectId, `Follow A ${stamp}`);
  const b = await newItem(page, projectId, `Follow B ${stamp}`);
  await apiCall(page, 'PATCH', `/api/action-items/${b.id}`, { version: b.version, dueDate: '2030-01-16' });
  await page.goto(`/action-items?project=${projectId}`);
  // A on the 15th, then B on the 16th. The keyboard lands on A's Edit.
  const editA = page.getByRole('button', { name: `Edit Follow A ${stamp}` });
  await editA.focus();
  await expect(editA).toBeFocused();
  const rows = page.locator('.ai-body [data-item-id]');
  const placeOf = async (id: string) => (await rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-item-id')))).indexOf(id);
  const before = await placeOf(a.id);
  expect(before).toBeLessThan(await placeOf(b.id));
  // Someone else moves A past B.
  const other = await signIn(browser, 'denise.park@casebook.test');
  await apiCall(other, 'PATCH', `/api/action-items/${a.id}`, { version: a.version, dueDate: '2030-01-17' });
  await expect.poll(async () => (await placeOf(a.id)) > (await placeOf(b.id))).toBe(true);
  await expect(editA).toBeFocused();
});
