// Issue 39, the engagement letter (docs/decisions/121): Settings → Engagement letter keeps the firm's
// template (an unknown placeholder refused by name), the case page prints the letter with the case's
// facts filled in, and recording the signed PDF marks the case Engaged with its date.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test.ts';
import { pdfPages } from '../test/helpers/pdf-tools.ts';
import { csrfHeader } from './refusals.ts';
import { ADMIN, LIMITED, signIn, signInOnly, SUPER_ADMIN } from './sign-in.ts';

const SHOTS = 'test-results/screens';
const stamp = () => String(Date.now()).slice(-7);
const SIGNED = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A client, a case on the demo's first rate code and its primary project, made through the API. */
async function makeCase(page: Page) {
  const headers = await csrfHeader(page);
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const [rateCode] = ((await (await page.request.get('/api/rate-codes')).json()) as { rateCodes: { id: string }[] }).rateCodes;
  const client = await post('/api/clients', { isBusinessClient: true, name: `Harbor Point Condominiums ${stamp()}` });
  const fileNumber = `EL-${stamp()}`;
  const kase = await post('/api/cases', { clientId: client.id, fileNumber, caseName: 'Water intrusion, Building C', rateCodeId: rateCode!.id });
  await post('/api/projects', { caseId: kase.id, projectNumber: `${fileNumber}-01`, projectName: 'Roof', isPrimaryProject: true });
  return { caseId: kase.id as string, fileNumber, clientName: client.name as string };
}

test('an admin keeps the firm template: an unknown placeholder is refused by name', async ({ page }) => {
  await signInOnly(page, ADMIN);
  await page.goto('/settings/engagement-letter');
  const section = page.getByRole('region', { name: 'Engagement letter' });
  const letter = section.getByRole('textbox', { name: 'Letter', exact: true });
  await expect(letter).toHaveValue(/Dear \{\{client_contact\}\}:/);
  await expect(section.getByRole('table', { name: 'Placeholders' })).toContainText('{{retainer_requested}}');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/engagement-template-desktop.png`, fullPage: true });

  const original = await letter.inputValue();
  await letter.fill(`${original}\nP.S. {{clent}} and {{#parties}}x{{/parties}}`);
  await section.getByRole('button', { name: 'Save engagement letter' }).click();
  await expect(section.getByText('Sections are not allowed: {{#parties}}. Use plain placeholders like {{client}}.')).toBeVisible();
  await letter.fill(`${original}\nP.S. {{clent}}`);
  await section.getByRole('button', { name: 'Save engagement letter' }).click();
  await expect(section.getByText('Unknown placeholder {{clent}}. Use the placeholders listed beside the template.')).toBeVisible();

  await letter.fill(`${original}\nP.S. Please keep {{file_number}} on all correspondence.`);
  await section.getByRole('button', { name: 'Save engagement letter' }).click();
  await expect(section.getByRole('status')).toHaveText('Engagement letter saved.');
  await page.reload();
  await expect(letter).toHaveValue(/P\.S\. Please keep \{\{file_number\}\} on all correspondence\.$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/engagement-template-phone.png`, fullPage: true });
  await section.getByRole('button', { name: 'Use the default letter' }).click();
  await section.getByRole('button', { name: 'Save engagement letter' }).click();
  await expect(section.getByRole('status')).toHaveText('Engagement letter saved.');
  await expect(letter).not.toHaveValue(/P\.S\./);
});

test('a super admin prints the letter from the case page and records the signed one: Engaged with its date', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  const c = await makeCase(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/case/${c.caseId}`);
  const section = page.getByRole('region', { name: 'Engagement' });
  await expect(section.getByTestId('engaged')).toHaveText('Not engaged');

  await section.getByLabel('Retainer asked for').fill('5,000');
  await section.getByRole('button', { name: 'Save retainer asked for' }).click();
  await expect(section.getByRole('button', { name: 'Save retainer asked for' })).toBeDisabled();
  await expect(section.getByLabel('Retainer asked for')).toHaveValue('5000.00');

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Engagement letter' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Engagement-Letter-${c.fileNumber}.pdf`);
  const text = pdfPages(readFileSync((await download.path())!)).join('\n');
  for (const expected of ['Hale & Ortiz Engineering', c.clientName, `Our file: ${c.fileNumber}`, 'Water intrusion, Building C', 'retainer of $5,000.00']) {
    expect(text, expected).toContain(expected);
  }
  expect(text).not.toMatch(/\{\{|\}\}/);

  const choosing = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Record the signed letter' }).click();
  await (await choosing).setFiles({ name: 'Signed engagement letter.pdf', mimeType: 'application/pdf', buffer: SIGNED });
  const today = await section.getByLabel('Date engaged').inputValue();
  await expect(section.getByTestId('engaged')).toHaveText(`Engaged ${today}`);
  await expect(section.getByRole('button', { name: 'Signed engagement letter.pdf' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/engagement-case-desktop.png`, fullPage: true });

  const opening = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Signed engagement letter.pdf' }).click();
  expect(readFileSync((await (await opening).path())!).equals(SIGNED)).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(section.getByTestId('engaged')).toHaveText(`Engaged ${today}`);
  await section.scrollIntoViewIfNeeded();
  // The section fits the phone's width (the projects table beside it is wider: not this section's).
  const box = (await section.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/engagement-case-phone.png`, fullPage: true });
});

test('an admin records a signed letter but sees no money; a limited user reads only whether the case is engaged', async ({ page }) => {
  await signIn(page, ADMIN);
  const c = await makeCase(page);
  await page.goto(`/case/${c.caseId}`);
  const section = page.getByRole('region', { name: 'Engagement' });
  await expect(section.getByTestId('engaged')).toHaveText('Not engaged');
  await expect(section.getByRole('button', { name: 'Engagement letter' })).toHaveCount(0);
  await expect(section.getByLabel('Retainer asked for')).toHaveCount(0);

  const choosing = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Record the signed letter' }).click();
  await (await choosing).setFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
  await expect(section.getByRole('alert')).toHaveText('This file is not a PDF. Please choose the signed letter as a PDF file.');
  await section.getByLabel('Date engaged').fill('11/02/2026');
  await section.getByLabel('Date engaged').press('Tab');
  const again = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Record the signed letter' }).click();
  await (await again).setFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: SIGNED });
  await expect(section.getByTestId('engaged')).toHaveText('Engaged 11/02/2026');
  await expect(section.getByText('signed.pdf')).toBeVisible();
  await expect(section.getByRole('button', { name: 'signed.pdf' })).toHaveCount(0);

  await page.context().clearCookies();
  await signInOnly(page, LIMITED);
  await page.goto(`/case/${c.caseId}`);
  await expect(section.getByTestId('engaged')).toHaveText('Engaged 11/02/2026');
  await expect(section.getByRole('button', { name: /Record/ })).toHaveCount(0);
});
