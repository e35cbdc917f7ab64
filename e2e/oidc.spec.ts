import { expect, test, type Page } from './test.ts';
import { startFakeOidcProvider, type FakeOidcProvider } from '../test/fakes/oidc-provider.ts';
import { signInOnly, SUPER_ADMIN } from './sign-in.ts';

// Sign in with Google (issue 27, docs/decisions/091) against the fake provider of test/fakes, started
// here on a free port of 127.0.0.1. The e2e server holds OIDC_GOOGLE_CLIENT_SECRET (playwright.config.ts).
const SECRET = 'e2e-google-secret';

let fake: FakeOidcProvider;
test.beforeAll(async () => {
  fake = await startFakeOidcProvider({ clientId: 'casebook-e2e', clientSecret: SECRET, person: { email: SUPER_ADMIN, emailVerified: true } });
});
test.afterAll(async () => fake?.close());

const googleForm = (page: Page) => page.getByRole('form', { name: 'Google' });

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a super admin sets Google up in Settings; staff sign in with it and land on the dashboard', async ({ page }) => {
  await signInOnly(page);
  await page.goto('/settings/sign-in');
  const google = googleForm(page);
  await expect(google.getByText('OIDC_GOOGLE_CLIENT_SECRET')).toBeVisible();
  await expect(google.getByText('Set', { exact: true })).toBeVisible();
  await google.getByLabel('Google issuer URL').fill(`${fake.issuer}/wrong`);
  await google.getByRole('button', { name: 'Test Google' }).click();
  await expect(google.getByRole('status')).toHaveText(`${fake.issuer}/wrong/.well-known/openid-configuration answered HTTP 404 instead of a discovery document. Is the issuer URL right?`);
  await google.getByLabel('Google issuer URL').fill(fake.issuer);
  await google.getByLabel('Google client ID').fill(fake.clientId);
  await google.getByRole('button', { name: 'Test Google' }).click();
  await expect(google.getByRole('status')).toHaveText(`The discovery document was read: people sign in at ${fake.issuer}/authorize.`);
  await google.getByRole('switch', { name: "Offer 'Sign in with Google' on the login page" }).check();
  await google.getByRole('button', { name: 'Save Google' }).click();
  await expect(google.getByText('Google sign-in saved.')).toBeVisible();
  await expect(google.getByText('Offered on the login page')).toBeVisible();
  await page.getByRole('region', { name: 'Sign in with Google or Microsoft' }).screenshot({ path: 'test-results/oidc-settings.png' });

  await logOut(page);
  // The login page reads the offered providers when it loads (a colleague's browser opening it).
  await page.goto('/login');
  // Someone the firm does not know is refused, in words.
  fake.signInAs({ email: 'stranger@elsewhere.test', emailVerified: true });
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText('No active Casebook account uses the e-mail address you signed in with at Google.');
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: 'test-results/oidc-login-refused.png' });

  fake.signInAs({ email: SUPER_ADMIN, emailVerified: true });
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveText('MH');

  // Leave the shared demo server as it was: Google off again.
  await page.goto('/settings/sign-in');
  await googleForm(page).getByRole('switch', { name: "Offer 'Sign in with Google' on the login page" }).uncheck();
  await googleForm(page).getByRole('button', { name: 'Save Google' }).click();
  await expect(googleForm(page).getByText('Not offered')).toBeVisible();
});
