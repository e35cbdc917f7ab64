// Issue 13: every screen passes axe-core with no serious or critical violation, signed in as
// each role. The routes are SPEC §2's table.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './test.ts';
import { seriousViolations } from './axe.ts';
import { aProjectId } from './records.ts';
import { ADMIN, LIMITED, signIn, SUPER_ADMIN } from './sign-in.ts';

// axe is injected as a script; the app's CSP rightly forbids that to anyone else.
test.use({ bypassCSP: true });
// The longest file of the suite (about 8 minutes on the 2-core machine): its tests, one per role,
// share nothing, so both workers take them rather than one worker running the file alone at the end.
test.describe.configure({ mode: 'parallel' });

const STATIC_ROUTES = [
  '/dashboard', '/time-tracking', '/action-items', '/new-client', '/clients/new', '/clients/new-legacy',
  '/clients/drafts', '/project-creation-prompt', '/existing-clients', '/reports', '/field-reports', '/accounting',
  '/rate-codes', '/attorneys', '/test-autocomplete', '/radar-diagnostic', '/test-api',
  // The report with its second grouping level (subgroup rows and subtotals).
  '/reports?groupBy=staff&thenBy=client',
  // Issue 24's billing screens beside the unbilled tab.
  '/accounting?tab=receivables', '/accounting?tab=exports', '/accounting?tab=codes', '/accounting/statements',
  // Issue 25's weeks (the queue answers limited users with its refusal screen).
  '/timesheet', '/timesheet/approvals',
  // Issue 40's Rule 26 list and fee history.
  '/testimony',
  // Issue 28's Settings sections, one address each (a role that may not open one reads its refusal).
  ...['account', 'calendar', 'firm-profile', 'engagement-letter', 'timesheets', 'deadlines', 'field-reports', 'reminders', 'address-lookup', 'users', 'backups',
    'audit', 'security', 'sign-in', 'import']
    .map((section) => `/settings/${section}`),
];

async function routesWithRecords(page: Page): Promise<string[]> {
  const project = await aProjectId(page);
  const { caseId } = await (await page.request.get(`/api/projects/${project}`)).json() as { caseId: string };
  // A field report's editor (photos, diagrams, readings, certification) has no seeded record: one is made.
  const token = (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
  const report = await (await page.request.post('/api/field-reports', {
    headers: { 'x-csrf-token': token },
    data: { id: randomUUID(), projectId: project, reportType: 'Initial Inspection', date: new Date().toISOString().slice(0, 10) },
  })).json() as { id: string };
  // A bill of the demo data, when there is one and the role may read bills (the page refuses others).
  const bills = await page.request.get('/api/bills');
  const bill = bills.ok() ? ((await bills.json()).bills[0]?.id ?? randomUUID()) : randomUUID();
  return [...STATIC_ROUTES, `/accounting/bills/${bill}`, `/case/${caseId}`, `/project/${project}`, `/time-tracking?project=${project}`, `/field-reports/${report.id}`];
}

/**
 * Opens `route` in the running app, as a link would: the address changes and the router, told as by the
 * browser's Back, renders its screen. The shell's <main> is keyed by the path, so the screen is in when the
 * old <main> is gone (the router keeps the old screen up while the new one's code loads). The same path
 * with another query is the same screen: loaded as an address typed in.
 */
async function openInApp(page: Page, route: string) {
  if (await page.evaluate(() => location.pathname) === new URL(route, page.url()).pathname) {
    await page.goto(route);
    return;
  }
  const shown = await page.locator('main').elementHandle();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForFunction((main) => !main?.isConnected, shown);
  await shown?.dispose();
}

test('the sign-in page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const [role, email] of [['super_admin', SUPER_ADMIN], ['admin', ADMIN], ['limited_user', LIMITED]] as const) {
  test(`every screen has no serious accessibility violation, as ${role}`, async ({ page }) => {
    await signIn(page, email);
    const routes = await routesWithRecords(page);
    // Each screen gets a test's own time: a whole role within 3 minutes was too little on a busy machine.
    test.setTimeout(routes.length * 30_000);
    const found: Record<string, string[]> = {};
    // The first screen is loaded as an address typed in; the others are opened inside the app, as a
    // person moves between them (the router reads the new address): a page load each, with the app's
    // code and axe compiled again, was about half of a screen's time (docs/decisions/208).
    await page.goto(routes[0]!);
    for (const [i, route] of routes.entries()) {
      if (i > 0) await openInApp(page, route);
      const violations = await seriousViolations(page);
      if (violations.length) found[route] = violations;
    }
    expect(found).toEqual({});
  });
}
