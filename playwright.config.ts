import { defineConfig } from '@playwright/test';
import { BROWSER_ARGS } from './e2e/app-process.ts';

// The firm's time zone (the server's TZ, America/New_York unless set): the browser and the tests'
// own date arithmetic live in it too, as the firm's people do, so "today" is one day for all of
// them whatever the machine's zone (late evening in New York is already tomorrow in UTC; issue 22).
const FIRM_TZ = process.env.TZ || 'America/New_York';
process.env.TZ = FIRM_TZ;

// Four workers, each with its own app on a throw-away PGlite folder with demo data (e2e/test.ts
// starts it, on E2E_PORT + 2 × the worker's index): a spec shares its app only with the specs of its
// own worker, which run one after another (docs/decisions/119). Tests wait on their pages, debounces
// and the spec's timers: two workers left a fifth of the two cores idle, three a tenth, four fill
// most of it (docs/decisions/206).
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // Ceilings that catch a hung test, not a measure of speed (bench/ measures that): the same test takes
  // four to six times as long when this two-core machine is slow and four workers share it, beside a busy
  // process per core more again (issue 43, docs/decisions/208). A spec sets its own only above these.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 4),
  // A test that fails runs once more, traced, in a new worker (an app of its own); passing then, it
  // is reported as flaky at the end of the run, with its first error (docs/decisions/146).
  retries: 1,
  reporter: [['list']],
  use: {
    // A failure's retry keeps its trace: the DOM before and after every action, the network, the
    // console. Recording it on every first run was about a fifth of the browser tests' CPU, and the
    // screencast (a JPEG of every frame) about 40 % more (docs/decisions/126, 146). E2E_TRACE=full
    // adds the screencast; E2E_TRACE=always traces every first run too.
    trace: {
      mode: process.env.E2E_TRACE === 'always' ? 'retain-on-failure' : 'on-first-retry',
      screenshots: process.env.E2E_TRACE === 'full', snapshots: true, sources: true,
    },
    timezoneId: FIRM_TZ,
    // The browser asks for less motion, as a person may: the app then skips its page fade and
    // Mantine's dialog and menu transitions (theme.ts), frames a software-drawing browser paints in
    // full (about an eighth of a page load's CPU, docs/decisions/203).
    reducedMotion: 'reduce',
    // The app's service worker (docs/decisions/101) answers requests before page.route mocks see them:
    // blocked for every spec but e2e/pwa.spec.ts, which allows it per test.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's Chromium headless shell: the same engine without the full browser's UI layer, about a
      // fifth less CPU for the same tests (docs/decisions/200). scripts/test-moved-clock.sh starts it
      // through a wrapper that keeps libfaketime out of it.
      executablePath: process.env.E2E_CHROMIUM || '/usr/bin/chromium-headless-shell',
      args: BROWSER_ARGS,
    },
  },
  projects: [
    { name: 'firm-zone' },
    // The browser far from the firm (issue 44, docs/decisions/123): a Tokyo browser working for a New
    // York firm still gets the firm's "today", weeks and dates, on the screens that count days.
    {
      name: 'far-zone',
      use: { timezoneId: 'Asia/Tokyo' },
      testMatch: ['time-tracking.spec.ts', 'timesheet.spec.ts', 'weeks.spec.ts', 'share-links.spec.ts', 'dashboard.spec.ts'],
    },
  ],
});
