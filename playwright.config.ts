import { defineConfig } from '@playwright/test';

// E2E_PORT lets several runs share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3217);
// The firm's time zone (the server's TZ, America/New_York unless set): the browser and the tests'
// own date arithmetic live in it too, as the firm's people do, so "today" is one day for all of
// them whatever the machine's zone (late evening in New York is already tomorrow in UTC; issue 22).
const FIRM_TZ = process.env.TZ || 'America/New_York';
process.env.TZ = FIRM_TZ;

// One app on a throw-away PGlite folder with demo data, shared by every spec.
export default defineConfig({
  testDir: 'e2e',
  // Ceilings that catch a hung test, not a measure of speed (bench/ measures that): a test that takes
  // 20 s on a quiet machine needs more than 30 s beside a busy process per core (issue 22).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    timezoneId: FIRM_TZ,
    // The app's service worker (docs/decisions/101) answers requests before page.route mocks see them:
    // blocked for every spec but e2e/pwa.spec.ts, which allows it per test.
    serviceWorkers: 'block',
    launchOptions: {
      // scripts/test-moved-clock.sh starts it through a wrapper that keeps libfaketime out of it.
      executablePath: process.env.E2E_CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node --import tsx e2e/serve.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), HOST: '127.0.0.1', FIRM_NAME: 'Hale & Ortiz Engineering', LOG_LEVEL: 'warn', TZ: FIRM_TZ,
      // e2e/oidc.spec.ts's fake provider checks this secret (docs/decisions/091).
      OIDC_GOOGLE_CLIENT_SECRET: 'e2e-google-secret' },
  },
});
