import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './test.ts';
import { ADMIN, signIn } from './sign-in.ts';

// The audit log in words (issue 28, docs/decisions/097): a reassignment made on the screen reads as
// a sentence with names in Settings → Audit log and in the item's History panel; the filters live in
// the address (back works) and the CSV export holds the same sentence.

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function post(page: Page, url: string, data: unknown) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf-token')?.value ?? '';
  const res = await page.request.post(url, { data, headers: { 'x-csrf-token': csrf } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

/** The audit section, at its own address. */
async function openAudit(page: Page, query = '') {
  await page.goto(`/settings/audit${query}`);
  const audit = page.getByRole('region', { name: 'Audit log' });
  await expect(audit).toBeVisible();
  return audit;
}

test('a reassignment reads as a sentence in the audit log and the History panel; filters, back, CSV', async ({ page }) => {
  await signIn(page, ADMIN);
  const { actors } = await (await page.request.get('/api/audit/actors')).json() as { actors: Array<{ id: string; name: string }> };
  const james = actors.find((a) => a.name === 'James Whitaker')!;
  const { items } = await (await page.request.get('/api/action-items')).json() as { items: Array<{ project_id: string }> };
  const projectId = items[0]!.project_id;
  const title = `Call the adjuster ${Date.now().toString(36)}`;
  const item = await post(page, '/api/action-items', { projectId, assignee: james.id, shortDescription: title, dueDate: '2026-12-15' });

  // Reassigned on the screen.
  await page.goto(`/action-items?project=${projectId}`);
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'Assignee: James Whitaker. Change assignee' }).click();
  await page.getByRole('listbox', { name: 'Assignee' }).getByRole('option', { name: 'Margaret Hale' }).click();
  await expect(row.getByRole('button', { name: /^Assignee: Margaret Hale/ })).toBeVisible();

  const sentence = new RegExp(`changed the assignee of action item "${title}" from James Whitaker to Margaret Hale`);
  const audit = await openAudit(page);
  const entries = audit.getByRole('table', { name: 'Audit log entries' });
  const first = entries.getByRole('row').filter({ hasText: sentence });
  await expect(first).toHaveCount(1);
  await expect(first).toContainText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M [A-Z]/);
  const badge = first.getByText('Changed', { exact: true });
  await expect(badge).toBeVisible();
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(first.getByRole('link', { name: `"${title}"` })).toHaveAttribute('href', `/time-tracking?project=${projectId}&item=${item.id}`);
  expect(await entries.innerText()).not.toMatch(UUID);
  expect(await entries.innerText()).not.toMatch(/calendar_generation|assigned_to|project_id|user_id/);
  await audit.scrollIntoViewIfNeeded();
  await audit.screenshot({ path: 'test-results/audit-words-log.png' });

  // Filters: by record type, then this record; the address says so and back undoes it.
  await audit.getByRole('textbox', { name: 'Record type' }).click();
  await page.getByRole('option', { name: 'Action items', exact: true }).click();
  await expect(page).toHaveURL(/[?&]type=action_items/);
  await first.getByRole('button', { name: 'History of this record' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]record=${item.id}`));
  await expect(entries.getByRole('row')).toHaveCount(3); // the heading, the creation, the reassignment
  await expect(audit).toContainText(`Only action item "${title}"`);
  await expect(entries.getByRole('row').nth(2)).toContainText(`created action item "${title}"`);
  await expect(entries.getByRole('row').nth(2)).toContainText('assignee: James Whitaker');
  await expect(entries.getByRole('row').nth(2)).toContainText('due date: 12/15/2026');

  // The CSV holds the filtered rows, in the same words.
  const download = page.waitForEvent('download');
  await audit.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Date and time,Person,Record type,Record,What happened,Details');
  expect(lines).toHaveLength(3);
  // RFC 4180 doubles the quotes around the title.
  expect(lines[1]).toContain(`,Denise Park,Action item,`);
  expect(lines[1]).toContain(`changed the assignee of action item ""${title}"" from James Whitaker to Margaret Hale`);
  expect(csv).not.toMatch(UUID);

  await page.goBack();
  await expect(page).not.toHaveURL(/record=/);
  await expect(page).toHaveURL(/[?&]type=action_items/);

  // The History panel of the item says the same.
  await page.goto(`/action-items?project=${projectId}`);
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Action Item' });
  await edit.getByRole('button', { name: 'Show history' }).click();
  const history = edit.getByRole('region', { name: 'History' });
  await expect(history.locator('.history-entry').first()).toContainText(sentence);
  await expect(history.locator('.history-entry').nth(1)).toContainText(`created action item "${title}"`);
  expect(await history.innerText()).not.toMatch(UUID);
  await history.screenshot({ path: 'test-results/audit-words-history.png' });

  // On a phone the sentence wraps and the badge keeps its word.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await openAudit(page, `?record=${item.id}`);
  const cards = phone.getByRole('list', { name: 'Audit log entries' });
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(cards.getByRole('listitem').first()).toContainText(sentence);
  expect(await cards.getByText('Changed', { exact: true }).evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await phone.screenshot({ path: 'test-results/audit-words-phone.png' });
});
