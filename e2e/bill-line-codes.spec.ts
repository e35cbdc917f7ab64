import { randomUUID } from 'node:crypto';
import { expect, test } from './test.ts';
import { csrfHeader } from './refusals.ts';
import { search, SHOTS, signIn, SUPER_ADMIN } from './time-tracking-helpers.ts';

// UTBMS codes on a draft bill's line (issue 38, docs/decisions/178): the line editor sets a time
// entry's own task and activity codes, refuses a malformed one naming the field, and keeps them.

const DAY = `${new Date().getFullYear() - 5}-03-17`;
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

test('super admin: a draft line\'s UTBMS codes', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  const hit = (await search(page, 'bayonne'))[0]!;
  const fileNumber = hit.projectNumber.replace(/-\d+$/, '');
  const titles: string[] = (await (await page.request.get(`/api/time-tracking/projects/${hit.id}`)).json()).jobTitles;
  const res = await page.request.put(`/api/time-entries/${randomUUID()}`, {
    headers: await csrfHeader(page),
    data: { projectId: hit.id, entryDate: DAY, jobType: titles[0], hours: 1.5, initials: 'MH', workDetails: 'site', description: 'Codes entry' },
  });
  expect(res.status()).toBe(200);

  await page.goto('/accounting');
  await page.getByRole('table', { name: 'Unbilled work' }).getByRole('button', { name: `Create bill for ${fileNumber}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Period from').fill(DAY);
  await dialog.getByLabel('Period to').fill(DAY);
  await expect(dialog.getByRole('table', { name: 'Bill entries' }).locator('tbody tr')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Create draft bill' }).click();
  await expect(page).toHaveURL(/\/accounting\/bills\/[0-9a-f-]{36}$/);
  const billId = page.url().split('/').pop()!;

  const lineName = `time entry of ${us(DAY)} Codes entry`;
  await page.getByRole('button', { name: `Edit ${lineName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit line' });
  await expect(edit.getByLabel('UTBMS task code')).toHaveValue('');
  await edit.getByLabel('UTBMS task code').fill('L-12');
  await edit.getByLabel('UTBMS activity code').fill('a103');
  await edit.getByRole('button', { name: 'Save line' }).click();
  await expect(edit.getByText(/UTBMS task code|must be letters then digits/).first()).toBeVisible();
  await expect(edit.getByLabel('UTBMS activity code')).toHaveValue('A103');
  await page.screenshot({ path: `${SHOTS}/bill-line-codes.png` });
  await edit.getByLabel('UTBMS task code').fill('L120');
  await edit.getByRole('button', { name: 'Save line' }).click();
  await expect(edit).toBeHidden();

  // Kept on the entry: the bill says so, and the editor shows them again.
  const bill = await (await page.request.get(`/api/bills/${billId}`)).json();
  expect(bill.lines[0]).toMatchObject({ taskCode: 'L120', activityCode: 'A103' });
  await page.getByRole('button', { name: `Edit ${lineName}` }).click();
  await expect(edit.getByLabel('UTBMS task code')).toHaveValue('L120');
  await expect(edit.getByLabel('UTBMS activity code')).toHaveValue('A103');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Leave no draft behind for the other specs.
  expect((await page.request.delete(`/api/bills/${billId}?version=${bill.version}`, { headers: await csrfHeader(page) })).status()).toBe(204);
});
