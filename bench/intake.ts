// Issue 39: the intake forms keep their keystroke budget (p95 ≤ 16 ms from keydown to the end of the
// frame that paints it, timed by bench/lib.ts's RECORDER as in bench/screens.ts). In headless Chromium
// against the real server with demo data, a new client is opened through the new-client form
// (/clients/new: client, case with four parties and the loss address, first project, finish), then
// a second case for it through the new-case form (Existing clients → Add case), typing in each:
// the name fields, a party's name, the claim number and the addresses. Every field gets 200 keys,
// 25 characters typed then 25 erased, 20 ms apart. The forms run the conflict check on their button,
// not as you type; a key in a party or the loss address only sets the form's state.
// Beside each row, the page's renderer process's CPU time per key (Chromium's own count): the
// app's work whatever else the machine runs, where the times to the frame include waiting for a core.
// Run: node --import tsx bench/intake.ts (needs `npx vite build` first).
import { loadavg } from 'node:os';
import type { Locator, Page } from '@playwright/test';
import { signedInBenchPage, startDemoServer, timedKeys, timingLine, type Timings } from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3296);
const BASE = `http://127.0.0.1:${PORT}`;
const KEYS = 200;
const TEXT = 'Liberty Mutual Ins. Co. 7';
const PARTIES = 4;

/**
 * 200 keys into `field`, the caret at the end of what it holds. Fields are found by their accessible
 * name (getByRole): a required field's label also holds its ' *', so an exact getByLabel misses it.
 */
async function typeIn(page: Page, field: Locator): Promise<[Timings, number]> {
  await field.click();
  await field.evaluate((el: HTMLInputElement) => el.setSelectionRange(el.value.length, el.value.length));
  await page.waitForTimeout(300);
  const cpu = await rendererCpu();
  const timings = await timedKeys(page, KEYS, (i) => (i % 50 < 25 ? TEXT[i % 25]! : 'Backspace'));
  return [timings, ((await rendererCpu()) - cpu) * 1000 / KEYS];
}

/** Four parties, one row each, named: the rows a key in one of them renders again. */
async function addParties(scope: Page | Locator) {
  for (let n = 2; n <= PARTIES; n++) await scope.getByRole('button', { name: 'Add party' }).click();
  for (let n = 1; n <= PARTIES; n++) await scope.getByRole('textbox', { name: `Party ${n} name`, exact: true }).fill(`Party ${n} of the bench`);
}

const box = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const results: [string, [Timings, number]][] = [];
const server = await startDemoServer(PORT);
const { browser, page } = await signedInBenchPage(BASE).catch((error: unknown) => {
  server.kill('SIGTERM');
  throw error;
});
const cdp = await browser.newBrowserCDPSession();
/** CPU seconds of the renderer processes so far (one page: its renderer, and a spare at most). */
const rendererCpu = async () => (await cdp.send('SystemInfo.getProcessInfo')).processInfo
  .filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
try {
  console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const stamp = String(Date.now()).slice(-7);
  const client = `Intake Bench ${stamp}`;

  // The new-client form, step by step.
  await page.goto(`${BASE}/clients/new`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000); // the service worker's first caching, off the keys' count
  results.push(['new client: Client name', await typeIn(page, box(page, 'Client name'))]);
  results.push(['new client: Contact name', await typeIn(page, box(page, 'Contact name'))]);
  await box(page, 'Client name').fill(client);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await box(page, 'File number').fill(`IB-${stamp}`);
  await addParties(page);
  results.push(['new client, case: Case name', await typeIn(page, box(page, 'Case name'))]);
  results.push(['new client, case: Claim number', await typeIn(page, box(page, 'Claim number'))]);
  results.push([`new client, case: Party 2 name (${PARTIES} parties)`, await typeIn(page, box(page, 'Party 2 name'))]);
  results.push(['new client, case: Loss address', await typeIn(page, box(page, 'Loss address'))]);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await box(page, 'Project number').fill(`IB-${stamp}-01`);
  results.push(['new client, project: Property address', await typeIn(page, page.getByRole('combobox', { name: 'Property address' }))]);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.waitForURL(/\/case\//);

  // The new-case form of the client just made complete.
  await page.goto(`${BASE}/existing-clients`);
  await box(page, 'Client or contact name').fill(client);
  await page.getByRole('row', { name: new RegExp(client) }).getByRole('button', { name: 'Add case' }).click();
  const dialog = page.getByRole('dialog', { name: 'New case' });
  await box(dialog, 'File number').fill(`IB-${stamp}-B`);
  await addParties(dialog);
  results.push(['new case: Case name', await typeIn(page, box(dialog, 'Case name'))]);
  results.push(['new case: Claim number', await typeIn(page, box(dialog, 'Claim number'))]);
  results.push([`new case: Party 2 name (${PARTIES} parties)`, await typeIn(page, box(dialog, 'Party 2 name'))]);
  results.push(['new case: Loss address', await typeIn(page, box(dialog, 'Loss address'))]);

  const passed = results.map(([name, [timings, cpu]]) => timingLine(name, timings, 16, 48, `  renderer CPU ${cpu.toFixed(1)} ms/key`));
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  if (passed.includes(false)) process.exitCode = 1;
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
