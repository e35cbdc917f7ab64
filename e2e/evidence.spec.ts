// Evidence custody on a phone (issue 42): collect an item on the case page with a signature drawn on
// the screen, transfer it once online and once without a connection (it waits in the outbox and is
// sent when the connection returns), Verify chain, and a destructive test refused before its notice period.
import { pressUntilShown } from './press.ts';
import { draw } from './signature.ts';
import { aProjectId } from './records.ts';
import { signIn, ADMIN } from './sign-in.ts';
import { expect, test, type Page } from './test.ts';

test.use({ viewport: { width: 390, height: 844 } });
const SHOTS = 'test-results/screens';

async function transfer(page: Page, to: string) {
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('To').fill(to);
  await dialog.getByLabel('Purpose').fill('Shipping to the lab');
  await draw(page, dialog.getByRole('img', { name: 'Signature pad' }));
  await dialog.getByRole('button', { name: 'Record transfer' }).click();
  await expect(dialog).toBeHidden();
}

test('collect an item, transfer it (once offline), verify the chain', async ({ page, context }) => {
  await signIn(page, ADMIN);
  const project = await aProjectId(page);
  const { caseId } = await (await page.request.get(`/api/projects/${project}`)).json() as { caseId: string };
  await page.goto(`/case/${caseId}`);
  const section = page.getByRole('region', { name: 'Evidence' });
  const dialog = page.getByRole('dialog', { name: 'Collect evidence item' });
  await pressUntilShown(section.getByRole('button', { name: 'Collect item' }), dialog);
  const description = `Failed compression fitting ${Date.now()}`;
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Where collected').fill('Unit 4B, under the kitchen sink');
  await dialog.getByLabel('Location').fill('Van 2');
  // Escape with what was entered asks first; No keeps the form (docs/decisions/223).
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByLabel('Location')).toHaveValue('Van 2');
  await dialog.getByRole('button', { name: 'Collect item' }).click();
  await expect(dialog.getByRole('alert')).toContainText('sign on the screen');
  await expect(dialog.getByLabel('Description')).toHaveValue(description);
  await draw(page, dialog.getByRole('img', { name: 'Signature pad' }));
  await page.screenshot({ path: `${SHOTS}/evidence-collect-phone.png` });
  await dialog.getByRole('button', { name: 'Collect item' }).click();
  await expect(dialog).toBeHidden();
  const row = section.getByRole('row').filter({ hasText: description });
  await expect(row).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/evidence-section-phone.png`, fullPage: true });
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 2, name: /^E-\d{4,}$/ })).toBeVisible();

  await transfer(page, 'FedEx Ground');
  const chain = page.getByRole('region', { name: 'Chain of custody' });
  await expect(chain.getByText('From Van 2').or(chain.getByText(/to FedEx Ground/))).toBeVisible();
  await expect(chain.getByText('2. Released to')).toBeVisible();

  await context.setOffline(true);
  await transfer(page, 'Acme Materials Lab');
  await expect(chain.getByText('Waiting to be sent')).toBeVisible();
  await expect(page.getByText('1 change waiting')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/evidence-offline-phone.png`, fullPage: true });
  await context.setOffline(false);
  await expect(chain.getByText('3. Released to')).toBeVisible({ timeout: 30_000 });
  await expect(chain.getByText('Waiting to be sent')).toBeHidden();

  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Chain verified: all 3 entries match their SHA-256 hashes.' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/evidence-item-phone.png`, fullPage: true });

  // A destructive test cannot be recorded as started before the notice period has passed.
  const tests = page.getByRole('region', { name: 'Destructive testing' });
  await tests.getByRole('button', { name: 'Plan test' }).click();
  const plan = page.getByRole('dialog');
  await plan.getByLabel('What').fill('Sectioning of the nut');
  await plan.getByLabel('Where').fill('Acme Materials Lab');
  await plan.getByLabel('When').fill('2026-12-20T10:00');
  await plan.getByLabel('By whom').fill('Dr. Lee Chan');
  await plan.getByRole('button', { name: 'Plan test and notify parties' }).click();
  await expect(plan).toBeHidden();
  await tests.getByRole('button', { name: 'Start test' }).click();
  await draw(page, tests.getByRole('img', { name: 'Signature pad' }));
  await tests.getByRole('button', { name: 'Record test as started' }).click();
  await expect(tests.getByRole('alert')).toContainText(/notice period has not passed|Not every party has been told/);
  await page.screenshot({ path: `${SHOTS}/evidence-test-refused-phone.png`, fullPage: true });
});

test('an item collected here whose answer came while no evidence screen was open shows its tag on the next one', async ({ page }) => {
  await signIn(page, ADMIN);
  const { caseId } = await (await page.request.get(`/api/projects/${await aProjectId(page)}`)).json() as { caseId: string };
  await page.goto(`/case/${caseId}`);
  // The collection's answer is held until the case page has been left for the dashboard.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/evidence/*', async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.fallback();
  });
  const section = page.getByRole('region', { name: 'Evidence' });
  const dialog = page.getByRole('dialog', { name: 'Collect evidence item' });
  await pressUntilShown(section.getByRole('button', { name: 'Collect item' }), dialog);
  const description = `Water heater T&P valve ${Date.now()}`;
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Location').fill('Van 1');
  await draw(page, dialog.getByRole('img', { name: 'Signature pad' }));
  await dialog.getByRole('button', { name: 'Collect item' }).click();
  await expect(dialog).toBeHidden();
  const row = section.getByRole('row').filter({ hasText: description });
  await expect(row.getByText('Waiting to be sent')).toBeVisible();

  await page.getByRole('link', { name: 'Hale & Ortiz Engineering' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  release();
  await expect(page.getByText('All saved')).toBeVisible();
  await page.goBack();
  await expect(row).toBeVisible();
  await expect(row.getByText('Waiting to be sent')).toBeHidden();
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 2, name: /^E-\d{4,}$/ })).toBeVisible();
  await expect(page.getByText('The tag number comes when the server has this item.')).toBeHidden();
});

/** A drawn signature as the pad makes one (a PNG data URL), for items set up through the API. */
const aSignature = (page: Page) => page.evaluate(() => {
  const canvas = Object.assign(document.createElement('canvas'), { width: 300, height: 90 });
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 300, 90);
  g.beginPath();
  g.moveTo(20, 60);
  g.lineTo(280, 30);
  g.stroke();
  return canvas.toDataURL('image/png');
});

test('records a result and a remaining portion of a started test as new items, linked both ways', async ({ page }) => {
  await signIn(page, ADMIN);
  const { caseId } = await (await page.request.get(`/api/projects/${await aProjectId(page)}`)).json() as { caseId: string };
  const headers = { 'x-csrf-token': (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value };
  const signature = await aSignature(page);
  // An item whose test has started, every party having waived in writing (set up through the API).
  const itemId = crypto.randomUUID();
  const collected = await page.request.put(`/api/evidence/${itemId}`, { headers, data: {
    caseId, description: 'Elbow fitting, 3/4 in', collectedAt: new Date().toISOString(), collectedPlace: 'Unit 2A', location: 'Evidence room',
    entryId: crypto.randomUUID(), signature,
  } });
  expect(collected.status(), await collected.text()).toBe(200);
  // Planned with no notice period (the test keeps the period it was planned with; the case's is set back after),
  // so it may start at once whether or not the case has parties, each of which also waives in writing.
  const noticeDays = (days: number) => page.request.put(`/api/cases/${caseId}/evidence-settings`, { headers, data: { noticeDays: days } });
  expect((await noticeDays(0)).ok()).toBe(true);
  const testId = crypto.randomUUID();
  const planned = await (await page.request.post(`/api/evidence/${itemId}/tests`, { headers, data: {
    testId, what: 'Sectioning and SEM', place: 'Acme Materials Lab', plannedFor: new Date().toISOString(), performedBy: 'Dr. Lee Chan',
  } })).json() as { tag: string; tests: { notices: { partyId: string | null }[] }[] };
  for (const notice of planned.tests[0]!.notices) {
    const document = await (await page.request.post('/api/evidence-documents', {
      headers, multipart: { file: { name: 'waiver.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') } },
    })).json() as { id: string };
    expect((await page.request.post(`/api/evidence-tests/${testId}/waivers`, { headers, data: { partyId: notice.partyId, documentId: document.id } })).ok()).toBe(true);
  }
  expect((await noticeDays(10)).ok()).toBe(true);
  const started = await page.request.post(`/api/evidence-tests/${testId}/start`, { headers, data: {
    entryId: crypto.randomUUID(), at: new Date().toISOString(), signedByName: 'Dr. Lee Chan', signature,
  } });
  expect(started.status(), await started.text()).toBe(200);

  await page.goto(`/evidence/${itemId}`);
  const tests = page.getByRole('region', { name: 'Destructive testing' });
  for (const [as, description] of [['Result', 'Fracture surface, section A'], ['Remaining portion', 'Remaining elbow body']] as const) {
    await tests.getByRole('button', { name: 'Record result or remaining portion' }).click();
    const dialog = page.getByRole('dialog', { name: `Record a result or remaining portion of ${planned.tag}` });
    await dialog.getByText(as, { exact: true }).click();
    await dialog.getByLabel('Description').fill(description);
    await expect(dialog.getByLabel('Location')).toHaveValue('Evidence room');
    await draw(page, dialog.getByRole('img', { name: 'Signature pad' }));
    if (as === 'Result') await page.screenshot({ path: `${SHOTS}/evidence-result-phone.png` });
    await dialog.getByRole('button', { name: 'Record new item' }).click();
    await expect(dialog).toBeHidden();
  }
  const derived = page.getByRole('region', { name: 'Results and remaining portions' });
  await expect(derived.getByText('Fracture surface, section A (Result)')).toBeVisible();
  await expect(derived.getByText('Remaining elbow body (Remaining portion)')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/evidence-derived-phone.png`, fullPage: true });
  // The new item names the one it came from, and leads back to it.
  await derived.getByRole('link').first().click();
  await expect(page.getByText(`Result of ${planned.tag} (Elbow fitting, 3/4 in), by a destructive test`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Chain of custody' }).getByText('Result of a destructive test')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/evidence-derived-item-phone.png`, fullPage: true });
  await page.getByRole('link', { name: planned.tag, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: planned.tag })).toBeVisible();
});
