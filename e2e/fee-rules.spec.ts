import { randomUUID } from 'node:crypto';
import { expect, test } from './test.ts';
import { csrfHeader } from './refusals.ts';
import { SHOTS, signIn, SUPER_ADMIN } from './time-tracking-helpers.ts';

// Issue 40, fee rules (docs/decisions/138): a super admin sets a deposition minimum on a rate code
// in Settings → Rate codes, bills a 0.75 h deposition, and the bill's line says 'Deposition minimum
// 2.0 h' at 2.0 h × $600.00. Its own rate code, client and case, so no other spec's bills change.
const DAY = `${new Date().getFullYear() - 4}-06-10`;
const stamp = () => String(Date.now()).slice(-7);

test('super admin: a fee rule on a rate code shows on the bill line', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  const headers = await csrfHeader(page);
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const code = `FEE${stamp()}`;
  const { rateCode } = await post('/api/rate-codes', { name: 'Testimony fees', code, items: [{ jobType: 'Deposition', rate: '600.00' }] });
  const client = await post('/api/clients', { isBusinessClient: false, name: `Fee Rules ${stamp()}` });
  const fileNumber = `FR-${stamp()}`;
  const kase = await post('/api/cases', { clientId: client.id, fileNumber, caseName: 'Deposition minimum', rateCodeId: rateCode.id });
  const project = await post('/api/projects', { caseId: kase.id, projectNumber: `${fileNumber}-01`, projectName: 'Testimony', isPrimaryProject: true });

  await page.goto('/rate-codes');
  const card = page.getByRole('region', { name: `Rate code ${code}` });
  await expect(card.getByRole('row', { name: /Deposition/ })).toContainText('$600.00');
  const rules = card.getByRole('region', { name: `Fee rules of ${code}` });
  await expect(rules.getByText('No fee rules: every hour bills at its rate.')).toBeVisible();
  await rules.getByLabel('Rule').selectOption('minimum');
  await rules.getByLabel('Event type').selectOption('deposition');
  await rules.getByLabel('Minimum hours').fill('2');
  await rules.getByRole('button', { name: 'Add fee rule' }).click();
  await expect(rules.getByText('Deposition: at least 2.0 h')).toBeVisible();
  await card.screenshot({ path: `${SHOTS}/fee-rules-rate-code.png` });

  // The case uses its rate code's rules until it takes its own.
  await page.goto(`/case/${kase.id}`);
  const caseRules = page.getByRole('region', { name: 'Fee rules of this case' });
  await expect(caseRules.getByText('Deposition: at least 2.0 h')).toBeVisible();
  await caseRules.screenshot({ path: `${SHOTS}/fee-rules-case.png` });

  const entry = await page.request.put(`/api/time-entries/${randomUUID()}`, {
    headers,
    data: { projectId: project.id, entryDate: DAY, jobType: 'Deposition', hours: 0.75, initials: 'MH', workDetails: 'testimony', description: 'Deposition of the adjuster' },
  });
  expect(entry.status()).toBe(200);

  await page.goto('/accounting');
  await page.getByRole('table', { name: 'Unbilled work' }).getByRole('button', { name: `Create bill for ${fileNumber}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Period from').fill(DAY);
  await dialog.getByLabel('Period to').fill(DAY);
  await expect(dialog.getByRole('table', { name: 'Bill entries' }).locator('tbody tr')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Create draft bill' }).click();
  await expect(page).toHaveURL(/\/accounting\/bills\/[0-9a-f-]{36}$/);
  const billId = page.url().split('/').pop()!;

  const line = page.getByRole('table', { name: 'Bill lines' }).getByRole('row', { name: /Deposition of the adjuster/ });
  await expect(line).toContainText('Deposition minimum 2.0 h');
  await expect(line).toContainText('2.00');
  await expect(line).toContainText('worked 0.75');
  await expect(line).toContainText('$1,200.00');
  await page.screenshot({ path: `${SHOTS}/fee-rules-bill.png`, fullPage: true });

  // Leave no draft behind for the other specs.
  const bill = await (await page.request.get(`/api/bills/${billId}`)).json();
  expect((await page.request.delete(`/api/bills/${billId}?version=${bill.version}`, { headers })).status()).toBe(204);
});
