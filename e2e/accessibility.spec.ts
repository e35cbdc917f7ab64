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
    for (const route of routes) {
      await page.goto(route);
      const violations = await seriousViolations(page);
      if (violations.length) found[route] = violations;
    }
    expect(found).toEqual({});
  });
}
