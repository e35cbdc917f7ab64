import { expect, test, type Page } from './test.ts';
import { csrfHeader } from './refusals.ts';
import { ADMIN, signIn } from './sign-in.ts';

// Issue 39: a new client's case meets last year's loss from the other side. The intake check in the
// new-client form finds the misspelled insurer, the punctuated claim number and the address written
// another way; the case page says 'Conflict check not cleared' until a decision with a reason; a new
// party runs the check again and shows only the new hit. Screenshots at 1280 px and 390 px.
test.describe.configure({ timeout: 240_000 });
const SHOTS = 'test-results/screens';
const stamp = () => String(Date.now()).slice(-7);

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/conflict-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/conflict-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('intake finds the same loss from the other side; the decision, the notice and a re-check', async ({ page }) => {
  await signIn(page, ADMIN);
  const s = stamp();
  const headers = await csrfHeader(page);
  const post = async (url: string, data: object) => (await page.request.post(url, { headers, data })).json();
  const harbor = await post('/api/clients', { isBusinessClient: true, name: `Harbor View Condominiums ${s}` });
  const earlier = await post('/api/cases', { clientId: harbor.id, fileNumber: `HV-${s}`, caseName: 'Harbor View v. Acme', retainedSide: 'plaintiff',
    claimNumber: `LM-${s}-713`, parties: [{ role: 'insurer', name: `Liberty Mutual Insurance Company ${s}` }] });
  await post('/api/projects', { caseId: earlier.id, projectNumber: `HV-${s}-01`, isPrimaryProject: true,
    address: { fullAddress: `${s} Main St., Austin, TX 78701`, streetAddress1: `${s} Main St.`, streetAddress2: '', city: 'Austin', stateCode: 'TX',
      stateName: 'Texas', postalCode: '78701', country: 'United States', source: 'manual', radarPlaceId: null } });

  await page.goto('/clients/new');
  await page.getByLabel('Client name').fill(`Acme Roofing ${s}`);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByLabel('File number').fill(`AR-${s}`);
  await page.getByRole('textbox', { name: 'Retained by' }).click();
  await page.getByRole('option', { name: 'Defense' }).click();
  await page.getByLabel('Claim number').fill(`lm ${s} 713`);
  await page.getByLabel('Party 1 name').fill(`Libety Mutual Ins. Co. ${s}`);
  await page.getByLabel('Loss address').fill(`${s} Main Street, Unit 3`);
  await page.getByRole('button', { name: 'Run conflict check' }).click();
  const hits = page.getByRole('table', { name: 'Conflict check hits' });
  await expect(hits).toContainText(`Liberty Mutual Insurance Company ${s}`);
  await expect(hits).toContainText('Claim number');
  await expect(hits).toContainText('Loss address');
  await expect(hits.getByText('Adverse').first()).toBeVisible();
  await shoot(page, 'intake');

  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByLabel('Project number').fill(`AR-${s}-01`);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Conflict check not cleared')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Parties' })).toContainText(`Libety Mutual Ins. Co. ${s}`);
  await shoot(page, 'case-not-cleared');

  await page.getByRole('button', { name: 'Record decision' }).click();
  await expect(page.getByText('A reason is required.')).toBeVisible();
  await page.getByLabel('Reason').fill('Different policy year; the carrier consents in writing.');
  await page.getByRole('button', { name: 'Record decision' }).click();
  await expect(page.getByText(/Cleared by/)).toBeVisible();
  await expect(page.getByText('Conflict check not cleared')).toHaveCount(0);
  await shoot(page, 'case-cleared');

  await page.getByRole('button', { name: 'Add party' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add party' });
  await dialog.getByRole('textbox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Opposing counsel' }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Harbor View Condominiums ${s}`);
  await shoot(page, 'add-party');
  await dialog.getByRole('button', { name: 'Add party' }).click();
  await expect(page.getByText('Conflict check not cleared')).toBeVisible();
  const again = page.getByRole('table', { name: 'Conflict check hits' });
  await expect(again).toContainText(`Harbor View Condominiums ${s}`);
  // Only what is new: the insurer, claim number and address hits of the intake check are not shown again.
  await expect(again).not.toContainText('Liberty Mutual');
  await expect(page.getByText(/seen in an earlier check|earlier check\(s\) on record/).first()).toBeVisible();
  await shoot(page, 'recheck');
});

test('the new-case form runs the check before the case is created, and the case keeps it', async ({ page }) => {
  await signIn(page, ADMIN);
  const s = stamp();
  const headers = await csrfHeader(page);
  const post = async (url: string, data: object) => (await page.request.post(url, { headers, data })).json();
  const pike = await post('/api/clients', { isBusinessClient: true, name: `Pike Storage ${s}` });
  const earlier = await post('/api/cases', { clientId: pike.id, fileNumber: `PS-${s}`, caseName: 'Pike v. Northland', retainedSide: 'plaintiff',
    parties: [{ role: 'insurer', name: `Northland Casualty Company ${s}` }] });
  await post('/api/projects', { caseId: earlier.id, projectNumber: `PS-${s}-01`, isPrimaryProject: true });
  await post(`/api/clients/${pike.id}/complete`, {});

  await page.goto('/existing-clients');
  await page.getByLabel('Client or contact name').fill(`Pike Storage ${s}`);
  await page.getByRole('row', { name: new RegExp(`Pike Storage ${s}`) }).getByRole('button', { name: 'Add case' }).click();
  const dialog = page.getByRole('dialog', { name: 'New case' });
  await dialog.getByLabel('File number').fill(`PS-${s}-B`);
  await dialog.getByLabel('Party 1 name').fill(`Northland Casualty Co. ${s}`);
  await dialog.getByRole('button', { name: 'Run conflict check' }).click();
  const hits = dialog.getByRole('table', { name: 'Conflict check hits' });
  await expect(hits).toContainText(`Northland Casualty Company ${s}`);
  // The insurer, and the client itself: its earlier case is a case of the same client.
  await expect(dialog.getByText('2 matches in earlier cases')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create case' }).click();
  await expect(page).toHaveURL(/\/project-creation-prompt\?case=/);
  const caseId = new URL(page.url()).searchParams.get('case');
  await page.goto(`/case/${caseId}`);
  await expect(page.getByText('Conflict check not cleared')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Parties' })).toContainText(`Northland Casualty Co. ${s}`);
  await expect(page.getByRole('table', { name: 'Conflict check hits' })).toContainText(`PS-${s}`);
});
