import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './test.ts';
import { aProjectId } from './records.ts';
import { ADMIN, LIMITED, signIn, signInOnly } from './sign-in.ts';
import { signByDrawing } from './signature.ts';

// Reports reviewed before they leave (issue 42, docs/decisions/142): an admin turns the firm's rule
// on; the inspector's report waits for a second engineer, who signs the review; then it certifies.

const SHOTS = 'test-results/screens';
const csrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;

async function setRule(page: Page, on: boolean) {
  const current = await (await page.request.get('/api/settings/field-reports')).json() as { version: number };
  const res = await page.request.put('/api/settings/field-reports', { headers: { 'x-csrf-token': await csrf(page) }, data: { requireReview: on, version: current.version } });
  expect(res.ok()).toBe(true);
}

test.afterEach(async ({ browser }) => {
  // The rule is the firm's: leave it off for the specs that run after this one on the same server.
  const page = await browser.newPage();
  await signIn(page, ADMIN);
  await setRule(page, false);
  await page.close();
});

test('with the rule on, a report waits for a second engineer\'s review, then the inspector certifies it', async ({ page, browser }) => {
  await signInOnly(page, ADMIN);
  await page.goto('/settings/field-reports');
  const rule = page.getByRole('switch', { name: "Require a second engineer's review" });
  await rule.check();
  await page.getByRole('button', { name: 'Save field report settings' }).click();
  await expect(page.getByText('Field report settings saved.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-field-reports.png` });

  // The inspector's new report says what it waits for, and offers no review to its own inspector.
  const inspector = await browser.newPage();
  await signIn(inspector, LIMITED);
  const report = await (await inspector.request.post('/api/field-reports', {
    headers: { 'x-csrf-token': await csrf(inspector) },
    data: { id: randomUUID(), projectId: await aProjectId(inspector), reportType: 'Initial Inspection', date: new Date().toISOString().slice(0, 10) },
  })).json() as { id: string; displayNumber: string };
  await inspector.goto(`/field-reports/${report.id}`);
  await expect(inspector.getByText('A second engineer must review and sign off this report before it is certified.')).toBeVisible();
  await expect(inspector.getByRole('button', { name: 'Review', exact: true })).toHaveCount(0);
  await inspector.getByRole('button', { name: 'Certify' }).click();
  const refused = inspector.getByRole('dialog', { name: /Certify report/ });
  await signByDrawing(inspector, refused);
  await refused.getByRole('button', { name: 'Sign and certify' }).click();
  await expect(refused.getByRole('alert')).toHaveText('A second engineer must review and sign off this report before it is certified.');
  await refused.getByRole('button', { name: 'Cancel' }).click();

  // A second engineer reviews and signs.
  await page.goto(`/field-reports/${report.id}`);
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  const reviewing = page.getByRole('dialog', { name: `Review report ${report.displayNumber}` });
  await signByDrawing(page, reviewing);
  await reviewing.getByRole('button', { name: 'Sign off review' }).click();
  await expect(page.getByText(/^Reviewed by .+ on \d\d\/\d\d\/\d{4}\.$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/field-report-reviewed.png` });

  // The inspector now certifies.
  await inspector.reload();
  await expect(inspector.getByText(/^Reviewed by .+ on \d\d\/\d\d\/\d{4}\.$/)).toBeVisible();
  await inspector.getByRole('button', { name: 'Certify' }).click();
  const certify = inspector.getByRole('dialog', { name: /Certify report/ });
  await signByDrawing(inspector, certify);
  await certify.getByRole('button', { name: 'Sign and certify' }).click();
  await expect(inspector.getByText(/This report is read-only/)).toBeVisible();
  await inspector.screenshot({ path: `${SHOTS}/field-report-certified-after-review.png` });
});
