// Issue 27's import wizard (Settings → Import, super admins; docs/decisions/094), on the real server
// with demo data: the Toggl fixture is uploaded, one person's mapping is corrected, the dry run's
// counts are read, the file is imported (progress, then the result), and imported again: nothing twice.
// The fixture (test/fixtures/import/toggl-detailed.csv) holds 6 rows: Jane Doe's 3 (one with a
// date that is no date, row 7), Sam Lee's 2 and Unknown Person's 1; none of them is a demo user.
import { expect, test, type Locator, type Page } from './test.ts';
import { ADMIN, LIMITED, signInOnly } from './sign-in.ts';

const TOGGL = 'test/fixtures/import/toggl-detailed.csv';
const HARVEST = 'test/fixtures/import/harvest-import.csv';

/** The Import card of Settings (exact: a refused-rows panel's name also holds the word). */
const importSection = (page: Page) => page.getByRole('region', { name: 'Import', exact: true });

/** A count of the dry run's or the import's table: the row of `what`, its created or matched column. */
function count(table: Locator, what: string, column: 1 | 2 = 1) {
  return table.getByRole('row', { name: new RegExp(`^${what}\\b`) }).getByRole('cell').nth(column - 1);
}

/** Starts an import of `file` and waits for the mapping step. */
async function upload(section: Locator, file: string) {
  await section.getByRole('button', { name: 'Start an import' }).click();
  await expect(section.getByRole('button', { name: 'Choose a CSV file' })).toBeVisible();
  await section.getByLabel('CSV file to import').setInputFiles(file);
  await expect(section.getByRole('heading', { name: 'Who and what is who' })).toBeVisible();
}

/** Maps the file's Jane Doe to Margaret Hale (the correction a person makes on the mapping step). */
async function mapJaneToMargaret(page: Page, section: Locator) {
  await section.getByLabel('Casebook user for Jane Doe').click();
  await page.getByRole('listbox').getByRole('option', { name: /^Margaret Hale/ }).click();
  await expect(section.getByLabel('Casebook user for Jane Doe')).toHaveValue(/^Margaret Hale/);
}

test('a super admin imports a Toggl file: mapping, dry run, import, and again without duplicates', async ({ page }) => {
  await signInOnly(page);
  await page.goto('/settings/import');
  const section = importSection(page);
  await upload(section, TOGGL);

  // The preview: the source recognised from the headers, the row count, the first rows, the proposed mapping.
  const file = section.getByRole('group', { name: 'The uploaded file' });
  await expect(file).toContainText('Toggl Track (detailed time export)');
  await expect(file).toContainText('toggl-detailed.csv: 6 rows');
  await expect(section.getByRole('table', { name: /first \d+ rows of the file/ }).getByText('Site inspection')).toBeVisible();
  await expect(section.getByRole('cell', { name: 'Harbor Mutual' }).first()).toBeVisible();
  await expect(section.getByLabel('Casebook client for Harbor Mutual')).toHaveValue('Create “Harbor Mutual”');
  await expect(section.getByRole('radio', { name: "Use the firm's rate codes" })).toBeChecked();
  // Nobody in the file is a demo user: Jane Doe's rows would be refused until she is mapped.
  await expect(section.getByLabel('Casebook user for Jane Doe')).toHaveValue('Nobody (refuse these rows)');

  await mapJaneToMargaret(page, section);
  await section.getByRole('button', { name: 'Save the mapping' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'The mapping is saved.' })).toBeVisible();
  await section.getByRole('button', { name: 'Try a dry run' }).click();

  // The dry run: Jane's two good rows become time entries; Sam's billable row, the unknown person's
  // and the bad date are refused; Sam's row marked non-billable (row 5) is left out, and said so.
  const dryRun = section.getByRole('table', { name: 'Dry run counts' });
  await expect(dryRun).toBeVisible();
  await expect(count(dryRun, 'Time entries')).toHaveText('2');
  await expect(count(dryRun, 'Rows refused')).toHaveText('3');
  await expect(count(dryRun, 'Rows left out')).toHaveText('1');
  await expect(count(dryRun, 'Rows skipped')).toHaveText('0');
  await expect(section.getByRole('alert').filter({ hasText: 'Non-billable rows left out' })).toContainText(
    '1 row is marked non-billable in the file and would be left out: every time and expense entry in Casebook is billable.');
  const refused = section.getByRole('table', { name: 'Refused rows' });
  await expect(refused.getByRole('row').filter({ has: page.getByRole('cell', { name: '7', exact: true }) })).toHaveCount(1);
  for (const row of ['4', '6']) {
    await expect(refused.getByRole('cell', { name: row, exact: true })).toBeVisible();
  }
  // Nothing is saved by a dry run.
  const before = await page.request.get('/api/imports');
  expect((await before.json()).imports[0].status).toBe('uploaded');

  // The import: a confirmation, a progress bar while it runs (it may be done before the first poll), the result.
  await section.getByRole('button', { name: 'Go on to the import' }).click();
  await section.getByRole('button', { name: 'Import now' }).click();
  const result = section.getByRole('table', { name: 'Import counts' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(section.getByText('toggl-detailed.csv is imported.')).toBeVisible();
  await expect(count(result, 'Time entries')).toHaveText('2');
  await expect(count(result, 'Rows refused')).toHaveText('3');
  await expect(count(result, 'Rows left out')).toHaveText('1');
  await expect(section.getByRole('alert').filter({ hasText: 'Non-billable rows left out' })).toContainText(
    '1 row was marked non-billable in the file and was left out: every time and expense entry in Casebook is billable.');
  await expect(section.getByRole('link', { name: 'See the time entries' })).toHaveAttribute('href', '/time-tracking');
  await expect(section.getByRole('link', { name: 'See the clients and projects' })).toHaveAttribute('href', '/existing-clients');
  const pastImports = section.getByRole('table', { name: 'Past imports' });
  await expect(pastImports.getByRole('row').filter({ hasText: 'toggl-detailed.csv' }).getByText('Imported')).toBeVisible();

  // Again: the same rows are skipped (imported before) and nothing is created twice.
  await section.getByRole('button', { name: 'Close the wizard' }).click();
  await upload(section, TOGGL);
  // The people were matched last time: a person mapped before is proposed again, else mapped here the same way.
  if (!/^Margaret Hale/.test(await section.getByLabel('Casebook user for Jane Doe').inputValue())) await mapJaneToMargaret(page, section);
  // Harbor Mutual and its project now exist: the mapping proposes them.
  await expect(section.getByLabel('Casebook client for Harbor Mutual')).toHaveValue('Harbor Mutual');
  await section.getByRole('button', { name: /try a dry run/i }).click();
  const again = section.getByRole('table', { name: 'Dry run counts' });
  await expect(count(again, 'Time entries')).toHaveText('0');
  await expect(count(again, 'Clients')).toHaveText('0');
  await expect(count(again, 'Projects')).toHaveText('0');
  await expect(count(again, 'Rows skipped')).toHaveText('2');
  await section.getByRole('button', { name: 'Go on to the import' }).click();
  await section.getByRole('button', { name: 'Import now' }).click();
  const second = section.getByRole('table', { name: 'Import counts' });
  await expect(second).toBeVisible({ timeout: 60_000 });
  await expect(count(second, 'Time entries')).toHaveText('0');
  await expect(count(second, 'Clients')).toHaveText('0');
  await expect(count(second, 'Rows skipped')).toHaveText('2');
  await expect(pastImports.getByRole('row').filter({ hasText: 'toggl-detailed.csv' })).toHaveCount(2);
});

test('a Harvest file is recognised, and a file that is no CSV is refused in words naming it', async ({ page }) => {
  await signInOnly(page);
  await page.goto('/settings/import');
  const section = importSection(page);
  await section.getByRole('button', { name: 'Start an import' }).click();
  await expect(section.getByRole('link', { name: /Download the Casebook template/ })).toHaveAttribute('href', '/api/imports/template.csv');
  const template = await page.request.get('/api/imports/template.csv');
  expect(template.status()).toBe(200);

  await section.getByLabel('CSV file to import').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(section.getByRole('alert')).toContainText('“notes.pdf” is not a CSV file');
  // A CSV of no known tool: the server's refusal, naming the file.
  await section.getByLabel('CSV file to import').setInputFiles({ name: 'shopping.csv', mimeType: 'text/csv', buffer: Buffer.from('Item,Qty\nApples,3\n') });
  await expect(section.getByRole('alert')).toContainText('“shopping.csv” could not be read');

  await section.getByLabel('CSV file to import').setInputFiles(HARVEST);
  const file = section.getByRole('group', { name: 'The uploaded file' });
  await expect(file).toContainText('Harvest (time import format)');
  await expect(file).toContainText('harvest-import.csv: 5 rows');
  // Its people are named, not e-mailed: Jane Doe and Sam Lee, with their rows per line.
  await expect(section.getByLabel('Casebook user for Jane Doe')).toBeVisible();
  await expect(section.getByRole('radio', { name: 'Keep the rates from the file' })).not.toBeChecked();
});

test('a refused mapping keeps the corrections on the form', async ({ page }) => {
  await signInOnly(page);
  await page.goto('/settings/import');
  const section = importSection(page);
  await upload(section, TOGGL);
  await mapJaneToMargaret(page, section);
  // The connection drops: the save gets no answer, the correction stays to be saved again.
  await page.context().setOffline(true);
  await section.getByRole('button', { name: 'Save the mapping' }).click();
  await expect(section.getByRole('alert').filter({ hasText: 'Your corrections are still here.' })).toBeVisible();
  await expect(section.getByLabel('Casebook user for Jane Doe')).toHaveValue(/^Margaret Hale/);
  await page.context().setOffline(false);
  await section.getByRole('button', { name: 'Save the mapping' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'The mapping is saved.' })).toBeVisible();
});

// Issue 38: a job title the firm has no rate for would be valued at $0.00: the dry run says so and
// offers the file's own rates; a row the file marks non-billable is left out and said so (every
// Casebook entry is billable, docs/decisions/118).
test("the dry run names entries at $0.00 and offers the file's rates", async ({ page }) => {
  await signInOnly(page);
  await page.goto('/settings/import');
  const section = importSection(page);
  const csv = [
    'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (USD)',
    'Margaret Hale,margaret.hale@casebook.test,Harbor Mutual,Drone flight 38,Drone Survey,Roof flight,Yes,2021-05-03,09:00:00,2021-05-03,11:00:00,02:00:00,,300.00',
    'Margaret Hale,margaret.hale@casebook.test,Harbor Mutual,Drone flight 38,Drone Survey,Battery swap,No,2021-05-03,11:00:00,2021-05-03,11:30:00,00:30:00,,',
  ].join('\n');
  await section.getByRole('button', { name: 'Start an import' }).click();
  await section.getByLabel('CSV file to import').setInputFiles({ name: 'toggl-drone.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(section.getByRole('heading', { name: 'Who and what is who' })).toBeVisible();
  await section.getByRole('button', { name: 'Try a dry run' }).click();
  await expect(section.getByRole('alert').filter({ hasText: 'Non-billable rows left out' })).toContainText(
    '1 row is marked non-billable in the file and would be left out: every time and expense entry in Casebook is billable.');
  const note = section.getByRole('alert').filter({ hasText: 'Entries at $0.00' });
  await expect(note).toContainText('1 time entry would be valued at $0.00');
  await expect(note).toContainText('The file gives it a rate of its own.');
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/import-unpriced.png' });
  await note.getByRole('button', { name: "Use the file's rates" }).click();
  await expect(note).toHaveCount(0);
  await expect(count(section.getByRole('table', { name: 'Dry run counts' }), 'Time entries')).toHaveText('1');
  await expect(count(section.getByRole('table', { name: 'Dry run counts' }), 'Rows left out')).toHaveText('1');
  await page.screenshot({ path: 'test-results/screens/import-unpriced-file-rates.png' });
  await section.getByRole('button', { name: 'Back to the mapping' }).click();
  await expect(section.getByRole('radio', { name: 'Keep the rates from the file' })).toBeChecked();
});

for (const [role, email] of [['an admin', ADMIN], ['a limited user', LIMITED]] as const) {
  test(`${role} has no Import section, and the API refuses them`, async ({ page }) => {
    await signInOnly(page, email);
    expect((await page.request.get('/api/imports')).status()).toBe(403);
    await page.goto('/settings/import');
    await expect(page.getByRole('heading', { name: 'Admin Settings' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Import', exact: true })).toHaveCount(0);
  });
}
