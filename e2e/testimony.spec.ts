// Issue 40, the testimony half (docs/decisions/136): a deposition recorded on the case page shows
// there, and the Rule 26 screen downloads the expert's list with it as a PDF.
import { readFileSync } from 'node:fs';
import { seriousViolations } from './axe.ts';
import { pressUntilShown } from './press.ts';
import { expect, test, type Page } from './test.ts';
import { pdfPages } from '../test/helpers/pdf-tools.ts';
import { csrfHeader } from './refusals.ts';
import { signInOnly } from './sign-in.ts';

// axe is injected as a script; the app's CSP rightly forbids that to anyone else.
test.use({ bypassCSP: true });
const SHOTS = 'test-results/screens';
const stamp = () => String(Date.now()).slice(-7);

async function makeCase(page: Page) {
  const headers = await csrfHeader(page);
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const [rateCode] = ((await (await page.request.get('/api/rate-codes')).json()) as { rateCodes: { id: string }[] }).rateCodes;
  const client = await post('/api/clients', { isBusinessClient: true, name: `Seaview Towers ${stamp()}` });
  const fileNumber = `TM-${stamp()}`;
  const kase = await post('/api/cases', { clientId: client.id, fileNumber, caseName: 'Facade failure', rateCodeId: rateCode!.id });
  return { caseId: kase.id as string, fileNumber };
}

test('a deposition recorded on the case page is on the expert\'s Rule 26 list PDF', async ({ page }) => {
  await signInOnly(page);
  const c = await makeCase(page);
  const me = (await (await page.request.get('/api/auth/session')).json()).user as { displayName: string };
  const caption = `Seaview Towers Condo Ass'n v. Atlas Glazing ${stamp()}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/case/${c.caseId}`);
  const section = page.locator('div', { has: page.getByRole('heading', { name: 'Testimony', exact: true }) }).last();
  const form = page.getByRole('dialog', { name: 'Record testimony' });
  await pressUntilShown(page.getByRole('button', { name: 'Record testimony' }), form);
  await form.getByLabel('Date').fill('03/04/2025');
  await form.getByRole('textbox', { name: 'Expert' }).click();
  await page.getByRole('option', { name: me.displayName }).click();
  await form.getByLabel('Caption').fill(caption);
  await form.getByLabel('Court or venue').fill('Superior Court of New Jersey, Monmouth County');
  await form.getByLabel('Docket number').fill('MON-L-0415-24');
  await form.getByRole('button', { name: 'Record testimony' }).click();
  await expect(form).toBeHidden();
  const table = page.getByRole('table', { name: 'Testimony' });
  await expect(table).toContainText(caption);
  await expect(table).toContainText('03/04/2025');
  await expect(table).toContainText('Deposition');
  await expect(section).toBeVisible();
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/testimony-case-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Edit testimony of 03/04/2025' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit testimony' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  await page.goto('/testimony');
  await page.getByRole('textbox', { name: 'Expert' }).click();
  await page.getByRole('option', { name: me.displayName }).click();
  const asOf = page.getByLabel('As of');
  await asOf.fill('06/01/2026');
  await asOf.press('Enter');
  const list = page.getByRole('table', { name: 'Rule 26 list' });
  await expect(list).toContainText(caption);
  await page.screenshot({ path: `${SHOTS}/testimony-rule26-desktop.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Rule26-.*-06-01-2026\.pdf$/);
  const text = pdfPages(readFileSync((await download.path())!)).join('\n');
  expect(text).toContain(`Testimony of ${me.displayName} in the four years before 06/01/2026`);
  expect(text).toContain('MON-L-0415-24');
  expect(text.replace(/\s+/g, ' ')).toContain('Atlas Glazing');
});
