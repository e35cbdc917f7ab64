// Issue 41, case deadlines (docs/decisions/132): a deadline added on the case page, a chain applied
// from its trial date (its dates counted in court days), both on the dashboard's next 14 days.
import { expect, test, type Page } from './test.ts';
import { usDay } from './days.ts';
import { csrfHeader } from './refusals.ts';
import { ADMIN, signIn, signInOnly } from './sign-in.ts';

const stamp = () => String(Date.now()).slice(-7);

/** A client and a case, made through the API. */
async function makeCase(page: Page) {
  const headers = await csrfHeader(page);
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const [rateCode] = ((await (await page.request.get('/api/rate-codes')).json()) as { rateCodes: { id: string }[] }).rateCodes;
  const client = await post('/api/clients', { isBusinessClient: true, name: `Lakeview Towers HOA ${stamp()}` });
  const fileNumber = `DL-${stamp()}`;
  const kase = await post('/api/cases', { clientId: client.id, fileNumber, caseName: 'Curtain wall leaks', rateCodeId: rateCode!.id });
  return { caseId: kase.id as string, fileNumber };
}

/** Picks an option of a Mantine select by typing part of it. */
async function pick(page: Page, field: ReturnType<Page['getByLabel']>, option: string) {
  await field.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

test('a deadline added on the case page and a chain applied to it show on the dashboard', async ({ page }) => {
  await signInOnly(page, ADMIN);
  const { caseId, fileNumber } = await makeCase(page);
  await page.goto(`/case/${caseId}`);
  const section = page.getByRole('region', { name: 'Deadlines' });
  await expect(section.getByText('No deadlines yet.')).toBeVisible();

  // One deadline by hand, three days from today, assigned to the signed-in admin.
  const title = `Expert report draft ${stamp()}`;
  await section.getByRole('button', { name: 'Add deadline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add deadline' });
  await pick(page, dialog.getByRole('textbox', { name: 'Kind' }), 'Report due');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Date' }).fill(usDay(3));
  await dialog.getByRole('textbox', { name: 'Date' }).press('Tab');
  await pick(page, dialog.getByRole('textbox', { name: 'Source' }), 'Agreement');
  await dialog.getByRole('textbox', { name: 'Assignee' }).fill('Denise');
  await page.getByRole('listbox').getByRole('option', { name: 'Denise Park' }).click();
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('As agreed with opposing counsel');
  await dialog.getByRole('button', { name: 'Add deadline' }).click();
  await expect(dialog).toBeHidden();
  const table = section.getByRole('table', { name: 'Deadlines' });
  await expect(table.getByRole('row').filter({ hasText: title })).toContainText('Agreement');
  await expect(table.getByRole('row').filter({ hasText: title })).toContainText('Denise Park');

  // The federal expert disclosure chain from a trial ten days away: the trial, the disclosure 90
  // days before it and the rebuttal 30 days after that, each on a court day.
  await section.getByRole('button', { name: 'Apply a chain' }).click();
  const apply = page.getByRole('dialog', { name: 'Apply a chain' });
  await expect(apply.getByRole('textbox', { name: 'Chain' })).toHaveValue('Federal expert disclosure');
  await apply.getByRole('textbox', { name: 'Trial date' }).fill(usDay(10));
  await apply.getByRole('textbox', { name: 'Trial date' }).press('Tab');
  await apply.getByRole('textbox', { name: 'Assignee' }).fill('Denise');
  await page.getByRole('listbox').getByRole('option', { name: 'Denise Park' }).click();
  await apply.getByRole('button', { name: 'Apply chain' }).click();
  await expect(apply).toBeHidden();
  await expect(section.getByText(/Federal expert disclosure — Trial date/)).toBeVisible();
  for (const name of ['Trial date', 'Expert disclosure', 'Rebuttal disclosure']) {
    await expect(table.getByRole('row').filter({ has: page.getByText(name, { exact: true }) })).toHaveCount(1);
  }
  await expect(table.getByRole('row').filter({ has: page.getByText('Rebuttal disclosure', { exact: true }) }))
    .toContainText('30 days after Expert disclosure');

  // On the dashboard: the deadline and the trial, both within 14 days, with the case's file number.
  await signIn(page, ADMIN);
  const upcoming = page.getByRole('region', { name: 'Deadlines in the next 14 days' });
  await expect(upcoming.getByRole('link', { name: new RegExp(`${title} · ${fileNumber}`) })).toBeVisible();
  await expect(upcoming.getByRole('link', { name: new RegExp(`Trial date · ${fileNumber}`) })).toBeVisible();
  await upcoming.getByRole('link', { name: new RegExp(`${title} · ${fileNumber}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/case/${caseId}$`));
});
