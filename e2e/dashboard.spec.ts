import { expect, test } from './test.ts';
import { search, SHOTS, signIn, SUPER_ADMIN } from './time-tracking-helpers.ts';

test("dashboard: the user's overdue item, this week's hours linked to the report, the firm's money for a super admin", async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  const me = (await (await page.request.get('/api/auth/session')).json()).user;
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
  const hit = (await search(page, 'bayonne'))[0]!;
  const longAgo = `${new Date().getFullYear() - 3}-01-05`;
  const created = await page.request.post('/api/action-items', {
    headers: { 'x-csrf-token': csrf },
    data: { projectId: hit.id, assignee: me.id, shortDescription: 'Dashboard overdue check', dueDate: longAgo },
  });
  expect(created.status()).toBe(201);
  const itemId = (await created.json()).id;
  const summary = await (await page.request.get('/api/dashboard')).json();

  await page.goto('/dashboard');
  const overdue = page.getByRole('link', { name: /Dashboard overdue check/ });
  await expect(overdue).toBeVisible();
  const hours = page.getByRole('link', { name: /^My hours this week/ });
  await expect(hours).toContainText(summary.myHoursThisWeek.toFixed(1));
  await expect(page.getByRole('link', { name: /^Unbilled work/ })).toContainText('$');
  await page.screenshot({ path: `${SHOTS}/dashboard-01.png`, fullPage: true });

  await hours.click();
  await expect(page).toHaveURL(/\/reports\?period=this-week&groupBy=day&userId=/);
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await page.goBack();
  await overdue.click();
  await expect(page).toHaveURL(new RegExp(`/time-tracking\\?project=${hit.id}&item=${itemId}`));
  // The item opens in the project's action items card.
  await expect(page.getByLabel('Short Description')).toHaveValue('Dashboard overdue check');
  await page.screenshot({ path: `${SHOTS}/dashboard-02-item-opened.png` });
});
