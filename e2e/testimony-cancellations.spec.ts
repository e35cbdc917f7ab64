import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './test.ts';
import { csrfHeader } from './refusals.ts';
import { ADMIN, SHOTS, signIn, signInOnly, SUPER_ADMIN } from './time-tracking-helpers.ts';

// Issue 40's remaining gaps (docs/decisions/139, 143): a cancellation recorded on the case page is
// priced by notice (the fee for a super admin only), Accounting's unbilled work shows what the bill
// would, a rate change is removed from Settings → Rate codes after a question, and a bill to the
// deposing side ages under that party. Its own rate code, client and case, so no other spec's bills change.
const YEAR = new Date().getFullYear() - 4;
const stamp = () => String(Date.now()).slice(-7);

async function feeCase(page: Page) {
  const headers = await csrfHeader(page);
  const send = async (method: 'post' | 'put', url: string, data: object, status = 201) => {
    const res = await page.request[method](url, { headers, data });
    expect(res.status(), await res.text()).toBe(status);
    return res.json();
  };
  const code = `CXL${stamp()}`;
  const { rateCode } = await send('post', '/api/rate-codes', { name: 'Cancellation fees', code, items: [{ jobType: 'Deposition', rate: '600.00' }] });
  await send('put', `/api/rate-codes/${rateCode.id}/fee-rules`, {
    version: rateCode.version,
    rules: [{ type: 'cancellation', kind: 'deposition', tiers: [{ noticeUnderHours: 48, hours: 2 }, { noticeUnderHours: 72, hours: 1 }] }],
  }, 200);
  const client = await send('post', '/api/clients', { isBusinessClient: false, name: `Cancelled Depo ${stamp()}` });
  const fileNumber = `CX-${stamp()}`;
  const kase = await send('post', '/api/cases', { clientId: client.id, fileNumber, caseName: 'Late cancellation', rateCodeId: rateCode.id });
  const project = await send('post', '/api/projects', { caseId: kase.id, projectNumber: `${fileNumber}-01`, projectName: 'Testimony', isPrimaryProject: true });
  return { headers, send, code, rateCode, caseId: kase.id as string, projectId: project.id as string, fileNumber, clientName: client.name as string };
}

test('a cancellation recorded on the case page bills by notice; the unbilled list shows the fee; a rate change is removed', async ({ page, browser }) => {
  await signIn(page, SUPER_ADMIN);
  const c = await feeCase(page);
  const me = (await (await page.request.get('/api/auth/session')).json()).user as { displayName: string };

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/case/${c.caseId}`);
  const cancelled = page.getByRole('table', { name: 'Cancelled events' });
  await expect(cancelled).toContainText('No cancelled events.');
  await page.getByRole('button', { name: 'Record cancellation' }).click();
  const form = page.getByRole('dialog', { name: 'Record cancellation' });
  await form.getByRole('textbox', { name: 'Expert' }).click();
  await page.getByRole('option', { name: me.displayName }).click();
  await form.getByLabel('Scheduled for (date)').fill(`10/15/${YEAR}`);
  await form.getByLabel('Scheduled for (time)').fill('10am');
  await form.getByLabel('Notice given (date)').fill(`10/14/${YEAR}`);
  await form.getByLabel('Notice given (time)').fill('4am');
  await form.getByLabel('Notice given (time)').press('Tab');
  await expect(form.getByText('Notice: 30 h before the event.')).toBeVisible();
  await form.screenshot({ path: `${SHOTS}/cancellation-form.png` });
  await form.getByRole('button', { name: 'Record cancellation' }).click();
  await expect(form).toBeHidden();
  const row = cancelled.getByRole('row', { name: /Deposition/ });
  await expect(row).toContainText(`10/15/${YEAR} 10:00 AM`);
  await expect(row).toContainText('30 h');
  await expect(row).toContainText('Deposition cancelled with 30 h notice: 2.0 h');
  await expect(row).toContainText('$1,200.00');
  await expect(row).toContainText('Not billed');
  await cancelled.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/cancellation-case-super-admin.png`, fullPage: true });

  // Accounting's unbilled work says what the bill would: 2.0 h at $600.00, not 0 h × the rate.
  await page.goto('/accounting');
  const unbilled = page.getByRole('table', { name: 'Unbilled work' }).getByRole('row', { name: new RegExp(c.fileNumber) });
  await expect(unbilled).toContainText('2.0');
  await expect(unbilled).toContainText('$1,200.00');

  // Settings → Rate codes: a rate change is removed after the question.
  const item = c.rateCode.items[0] as { id: string };
  await c.send('post', `/api/rate-codes/${c.rateCode.id}/items/${item.id}/rates`, { effectiveOn: `${YEAR + 5}-07-01`, rate: '700.00' });
  await page.goto('/rate-codes');
  const remove = page.getByRole('button', { name: `Remove rate change: Deposition: $700.00 from 07/01/${YEAR + 5}` });
  await expect(remove).toBeVisible();
  await remove.click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText('entries already on a bill keep their rate');
  await confirm.screenshot({ path: `${SHOTS}/rate-change-remove-confirm.png` });
  await confirm.getByRole('button', { name: 'Remove rate change' }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByText(`Deposition: $700.00 from 07/01/${YEAR + 5}`)).toHaveCount(0);
  expect((await (await page.request.get(`/api/rate-codes/${c.rateCode.id}`)).json()).rateCode.items[0].rateChanges).toEqual([]);

  // An admin sees the cancellation, never its fee.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signInOnly(other, ADMIN);
  await other.goto(`/case/${c.caseId}`);
  const asAdmin = other.getByRole('table', { name: 'Cancelled events' });
  await expect(asAdmin.getByRole('row', { name: /Deposition/ })).toContainText('30 h');
  await expect(asAdmin).not.toContainText('$');
  await expect(asAdmin).not.toContainText('Fee');
  await asAdmin.screenshot({ path: `${SHOTS}/cancellation-case-admin.png` });
  await context.close();
});

test('a bill to the deposing side ages under that party on Accounting', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  const c = await feeCase(page);
  const me = (await (await page.request.get('/api/auth/session')).json()).user as { id: string };
  const payer = `Opposing Counsel ${stamp()} LLP`;
  const day = `${YEAR}-11-03`;
  const testimonyId = randomUUID();
  await c.send('put', `/api/testimony/${testimonyId}`, {
    caseId: c.caseId, kind: 'deposition', eventDate: day, expertId: me.id, caption: 'Doe v. Roe', noticedBy: 'other', payerName: payer,
  }, 200);
  const entry = await page.request.put(`/api/time-entries/${randomUUID()}`, {
    headers: c.headers,
    data: { projectId: c.projectId, entryDate: day, jobType: 'Deposition', hours: 1, initials: 'MH', workDetails: 'testimony', description: 'Deposition' },
  });
  expect(entry.status(), await entry.text()).toBe(200);
  // A case's bills are issued once its conflict check is cleared (issue 39).
  const check = await c.send('post', `/api/cases/${c.caseId}/conflict-checks`, {});
  await c.send('post', `/api/conflict-checks/${check.id}/decision`, { decision: 'cleared', reason: 'No conflict.' }, 200);
  const bill = await c.send('post', `/api/testimony/${testimonyId}/bill`, { billId: randomUUID() });

  await page.goto('/accounting?tab=receivables');
  const aging = page.getByRole('table', { name: 'Aging by client' });
  await expect(aging.getByRole('row', { name: new RegExp(payer) })).toContainText('$600.00');
  await expect(aging).not.toContainText(c.clientName);
  await aging.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/aging-by-payer.png`, fullPage: true });

  // Leave nothing owed behind for the other specs.
  const voided = await page.request.post(`/api/bills/${bill.id}/void`, { headers: c.headers, data: { version: bill.version } });
  expect(voided.status(), await voided.text()).toBe(200);
});
