import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test.ts';
import { pdfPages } from '../test/helpers/pdf-tools.ts';
import { LIMITED, rowByKey, search, SHOTS, signIn, signInOnly, SUPER_ADMIN } from './time-tracking-helpers.ts';

const LOCKED = /This entry is on bill \d{4} and can no longer be changed\./;

/** A date four years back, clear of the demo data, so the bill holds only this test's entries. */
const OLD_DAY = `${new Date().getFullYear() - 4}-02-14`;
const US_DAY = `02/14/${new Date().getFullYear() - 4}`;

async function csrf(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
}

test('limited user: accounting is refused on the page and by the API', async ({ page }) => {
  await signInOnly(page, LIMITED);
  await page.goto('/accounting');
  await expect(page.getByRole('heading', { name: 'Accounting & Financials' })).toBeVisible();
  await expect(page.getByText('Super admins only', { exact: true })).toBeVisible();
  expect((await page.request.get('/api/accounting/unbilled')).status()).toBe(403);
  await page.screenshot({ path: `${SHOTS}/accounting-01-refused.png` });
});

test('super admin: bill a case, issue it (the time row locks with the bill number), receivables, void unlocks', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  const hit = (await search(page, 'bayonne'))[0]!;
  const fileNumber = hit.projectNumber.replace(/-\d+$/, '');
  const id = randomUUID();
  const token = await csrf(page);
  const body = { projectId: hit.id, entryDate: OLD_DAY, jobType: 'Principal', hours: 2.5, initials: 'MH', workDetails: 'report', description: 'Billing journey entry' };
  let res = await page.request.put(`/api/time-entries/${id}`, { headers: { 'x-csrf-token': token }, data: body });
  if (res.status() !== 200) {
    const titles = (await (await page.request.get(`/api/time-tracking/projects/${hit.id}`)).json()).jobTitles;
    res = await page.request.put(`/api/time-entries/${id}`, { headers: { 'x-csrf-token': token }, data: { ...body, jobType: titles[0] } });
  }
  expect(res.status()).toBe(200);

  await page.goto('/accounting');
  const unbilled = page.getByRole('table', { name: 'Unbilled work' });
  await expect(unbilled).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/accounting-02-unbilled.png`, fullPage: true });
  await unbilled.getByRole('button', { name: `Create bill for ${fileNumber}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Period from').fill(OLD_DAY);
  await dialog.getByLabel('Period to').fill(OLD_DAY);
  await expect(dialog.getByRole('table', { name: 'Bill entries' }).locator('tbody tr')).toHaveCount(1);
  await expect(dialog.getByRole('checkbox', { name: new RegExp(`Include time entry of ${US_DAY}`) })).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/accounting-03-new-bill.png` });
  const made = page.waitForResponse((r) => r.url().endsWith('/api/bills') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Create draft bill' }).click();
  const made201 = await made;
  expect([made201.status(), (await made201.json()).lines?.length]).toEqual([201, 1]);
  // The new bill opens as a page of its own.
  await expect(page).toHaveURL(/\/accounting\/bills\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { name: /^Bill \d{4}$/ });
  await expect(heading).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  const number = (await heading.innerText()).replace('Bill ', '');
  await page.getByRole('button', { name: 'Issue bill' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Issue bill' }).click();
  await expect(page.getByText('Issued', { exact: true })).toBeVisible();
  // Payments replace 'Mark paid': the form waits for an amount.
  await expect(page.getByRole('heading', { name: 'Record a payment' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/accounting-04-issued.png` });
  // Print / PDF downloads the bill on the letterhead.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print / PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Bill-${number}-[A-Za-z0-9-]+\\.pdf$`));
  const printed = pdfPages(readFileSync((await download.path())!)).join('\n');
  expect(printed).toContain(`Bill ${number}`);
  expect(printed).toContain('Billing journey entry');
  expect(printed).toMatch(/Page 1 of \d+/);

  // The locked row on the time tracking screen, and the API's refusal.
  await page.goto(`/time-tracking?project=${hit.id}`);
  const row = rowByKey(page, id);
  await expect(row).toContainText(`Bill ${number}`);
  await expect(row.getByRole('spinbutton', { name: 'Hours' })).toBeDisabled();
  // Delete is there but disabled, the bill named (issue 38).
  await expect(row.getByRole('button', { name: 'Delete Row' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Delete Row' })).toHaveAccessibleDescription(LOCKED);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/accounting-05-locked-row.png` });
  const entry = (await (await page.request.get(`/api/time-tracking/projects/${hit.id}`)).json()).timeEntries.find((e: { id: string }) => e.id === id);
  const edit = await page.request.put(`/api/time-entries/${id}`, { headers: { 'x-csrf-token': await csrf(page) }, data: { ...body, jobType: entry.jobType, hours: 3, version: entry.version } });
  expect(edit.status()).toBe(409);
  expect((await edit.json()).error.message).toMatch(LOCKED);

  // Receivables list it; voiding unlocks the row.
  await page.goto('/accounting');
  await page.getByRole('tab', { name: 'Receivables' }).click();
  const receivables = page.getByRole('table', { name: 'Receivables' });
  await expect(receivables).toContainText(number);
  await page.screenshot({ path: `${SHOTS}/accounting-06-receivables.png`, fullPage: true });
  await receivables.getByRole('link', { name: number }).click();
  await page.getByRole('button', { name: 'Void bill' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Void bill' }).click();
  await expect(page.getByText('Void', { exact: true })).toBeVisible();
  await page.goto(`/time-tracking?project=${hit.id}`);
  await expect(rowByKey(page, id).getByRole('spinbutton', { name: 'Hours' })).toBeEnabled();
  await expect(rowByKey(page, id)).not.toContainText(`Bill ${number}`);
});
