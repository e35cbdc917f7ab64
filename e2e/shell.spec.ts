import { expect, test } from './test.ts';
import { DEMO_ADMIN_EMAIL } from '../src/server/seed/demo-accounts.ts';
import { signIn, signInOnly } from './sign-in.ts';

test('signs in with good credentials and lands on the dashboard', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveTitle('Dashboard');
  await expect(page.getByTestId('user-display-name')).toHaveText('Margaret Hale');
  await expect(page.getByTestId('user-role')).toHaveText('Super admin');
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveText('MH');
  await expect(page.getByText('My open action items')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to dashboard' })).toHaveCount(0);
});

test('bad credentials show the spec message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the demo test account signs in for real', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Use test account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = await page.request.get('/api/auth/session');
  expect(session.status()).toBe(200);
});

test('redirects: / to /login, protected to /login, unknown to /dashboard, /test-api open', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/time-tracking');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/test-api');
  await expect(page).toHaveURL(/\/test-api$/);
  await page.getByRole('button', { name: 'Run checks' }).click();
  await expect(page.getByRole('cell', { name: /Server and database/ })).toBeVisible();
  // The checks run one after another; signed out, the session's answers 401 and clears the cookies.
  // Signing in before that answer came would have the answer clear the new session's cookies.
  const sessionCheck = page.getByRole('row').filter({ hasText: 'Your session' });
  await expect(sessionCheck).toContainText('failed');
  await expect(sessionCheck).toContainText('401');
  await signInOnly(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard$/);
  // After sign-in the protected page asked for first is where the user lands.
  await page.goto('/rate-codes');
  await expect(page).toHaveURL(/\/rate-codes$/);
});

test('page titles follow the route, default the firm name', async ({ page }) => {
  await signIn(page);
  for (const [path, title] of [
    ['/time-tracking', 'Time Tracking'],
    ['/attorneys', 'Attorneys & Law Firms'],
    ['/clients/drafts', 'New Client Drafts'],
    ['/settings', 'Admin Settings'],
    ['/case/any', 'Hale & Ortiz Engineering'],
  ]) {
    await page.goto(path!);
    await expect(page).toHaveTitle(title!);
  }
});

test('back button returns to the dashboard', async ({ page }) => {
  await signInOnly(page);
  await page.goto('/reports');
  // As a person does: the page is there before the arrow above it is pressed.
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign-out asks first, then ends the session', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Are you sure you want to log out?')).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the question is asked even when the dialog\'s code cannot be fetched (offline), and the page stays', async ({ page }) => {
  await page.route(/confirm-dialog-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await signIn(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  const question = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(question.getByText('Are you sure you want to log out?')).toBeVisible();
  await question.getByRole('button', { name: 'No' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await question.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('error banner: details, report issue, and the error is logged', async ({ page }) => {
  await signIn(page);
  await page.route('**/api/dashboard', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'SERVER_ERROR', message: 'Something went wrong on our end. Our team has been notified.' } } }));
  const logged = page.waitForRequest((r) => r.url().endsWith('/api/error-logs') && r.method() === 'POST');
  await page.goto('/reports');
  // As a person does: the page is there before the arrow above it is pressed.
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  const banner = page.getByRole('alert');
  await expect(banner).toContainText('Something went wrong on our end. Our team has been notified.');
  expect((await logged).postDataJSON()).toMatchObject({ code: 'SERVER_ERROR', severity: 'critical' });
  await banner.getByRole('button', { name: 'Show details' }).click();
  await expect(banner).toContainText('Error code: SERVER_ERROR');
  page.once('dialog', async (dialog) => {
    expect(dialog.message()).toBe('Thank you for reporting this issue. Our team will investigate.');
    await dialog.accept();
  });
  await banner.getByRole('button', { name: 'Report issue' }).click();
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
});

test('sign-out with unsaved edits asks about them before ending the session', async ({ page }) => {
  const unsaved = page.getByRole('dialog').filter({ hasText: 'You have unsaved changes that will be lost. Do you want to continue?' });
  const logout = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to log out?' });
  await signInOnly(page);
  await page.goto('/clients/new');
  await page.getByLabel('Client name').fill('Unsaved Person');
  await page.getByRole('button', { name: 'Log out' }).click();
  await logout.getByRole('button', { name: 'Log out' }).click();
  await unsaved.getByRole('button', { name: 'No' }).click();
  await expect(unsaved).toHaveCount(0);
  await expect(page).toHaveURL(/\/clients\/new$/);
  await expect(page.getByLabel('Client name')).toHaveValue('Unsaved Person');
  expect((await page.request.get('/api/auth/session')).status()).toBe(200);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  await logout.getByRole('button', { name: 'Log out' }).click();
  await unsaved.getByRole('button', { name: 'Discard and log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
