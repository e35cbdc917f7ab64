import { expect, test } from './test.ts';
import { usDay } from './days.ts';
import { addRow, entriesOf, LIMITED, rowByKey, search, SHOTS, signIn, signInOnly, SUPER_ADMIN } from './time-tracking-helpers.ts';

test('super admin: search, ghost, keyboard row, auto-save, reload, duplicate, bulk hours, delete, custom expense', async ({ page }) => {
  await signInOnly(page, SUPER_ADMIN);
  await page.goto('/time-tracking');
  const box = page.getByRole('combobox', { name: 'Project' });
  await expect(box).toHaveAttribute('placeholder', 'Start typing case number, client name, or project name...');
  await expect(page.getByRole('button', { name: 'Add Row' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Apply Hours to Selected' })).toBeDisabled();

  // By a partial client name.
  await box.fill('bayonne term');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toContainText('Bayonne Terminal Storage Inc.');
  await page.screenshot({ path: `${SHOTS}/01-search-by-client.png` });
  await box.press('ArrowDown');
  await box.press('Enter');
  const picked = page.getByRole('textbox', { name: 'Project' });
  await expect(picked).toHaveAttribute('readonly', '');
  const label = await picked.inputValue();
  const projectNumber = label.split(' - ')[0]!;
  await page.getByRole('button', { name: 'Reset' }).click();

  // By its number.
  await page.getByRole('combobox', { name: 'Project' }).fill(projectNumber);
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText(projectNumber);
  await page.getByRole('combobox', { name: 'Project' }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Project' })).toHaveValue(label);
  await page.getByRole('button', { name: 'Reset' }).click();

  // Ghost suggestion: a prefix exactly one project name starts with.
  const name = label.slice(projectNumber.length + 3);
  let prefix = '';
  for (let n = 3; n <= name.length; n += 1) {
    const candidate = name.slice(0, n);
    const hits = await search(page, candidate);
    if (hits.filter((h) => h.projectName.toLowerCase().startsWith(candidate.toLowerCase())).length === 1) {
      prefix = candidate;
      break;
    }
  }
  expect(prefix).not.toBe('');
  const searchBox = page.getByRole('combobox', { name: 'Project' });
  await searchBox.pressSequentially(prefix.toLowerCase(), { delay: 20 });
  await expect(page.getByTestId('ghost-suggestion')).toContainText(name.slice(prefix.length));
  await page.screenshot({ path: `${SHOTS}/02-ghost.png` });
  // Escape dismisses the ghost; typing brings it back; Tab accepts it.
  await searchBox.press('Escape');
  await expect(page.getByTestId('ghost-suggestion')).toHaveCount(0);
  await searchBox.pressSequentially(name.charAt(prefix.length).toLowerCase());
  await expect(page.getByTestId('ghost-suggestion')).toContainText(name.slice(prefix.length + 1));
  await searchBox.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Project' })).toHaveValue(label);
  await expect(page).toHaveURL(/project=/);
  await expect(page.getByRole('textbox', { name: 'Project' })).toBeFocused();
  const projectId = new URL(page.url()).searchParams.get('project')!;

  // A time row by keyboard: 'tom' as date, a job title, initials, 1.5 hours.
  const key = await addRow(page);
  const row = rowByKey(page, key);
  await expect(row.getByLabel('Date')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('tom');
  await page.keyboard.press('Tab');
  await expect(row.getByLabel('Job Title')).toBeFocused();
  const titles = await row.getByLabel('Job Title').locator('option').allTextContents();
  const jobTitle = titles[1]!;
  await page.keyboard.type(jobTitle);
  await expect(row.getByLabel('Job Title')).toHaveValue(jobTitle);
  await page.keyboard.press('Tab');
  await page.keyboard.type('mhx');
  await expect(row.getByLabel('Initials')).toHaveValue('MHX');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1.5');
  await page.keyboard.press('Tab');
  await page.keyboard.type('rep');
  await page.keyboard.press('Tab');
  await page.keyboard.type('E2E keyboard entry');
  await expect(row.getByRole('img', { name: 'Saved', exact: true })).toBeVisible();
  await expect(row.getByLabel('Date')).toHaveValue(usDay(1));
  await page.screenshot({ path: `${SHOTS}/03-saved-row.png` });

  await page.reload();
  const reloaded = rowByKey(page, key);
  await expect(reloaded.getByLabel('Hours')).toHaveValue('1.5');
  await expect(reloaded.getByLabel('Description')).toHaveValue('E2E keyboard entry');
  const stored = (await entriesOf(page, projectId)).timeEntries.find((e: { id: string }) => e.id === key);
  expect(stored).toMatchObject({ hours: 1.5, jobType: jobTitle, initials: 'MHX', workDetails: 'rep' });
  expect(stored.cost).toBeCloseTo(1.5 * stored.rate, 2);
  await expect(reloaded.locator('[data-label="Cost"]')).toHaveText(`$${stored.cost.toFixed(2)}`);
  await expect(page.getByText('Time Totals')).toBeVisible();
  await expect(page.getByTestId('grand-total')).toContainText('Grand Total: $');

  // Duplicate: same date, job title, initials, hours and work details; empty description.
  await reloaded.getByRole('button', { name: 'Duplicate Row' }).click();
  const copy = reloaded.locator('xpath=following-sibling::div[1]');
  const copyKey = (await copy.getAttribute('data-row-key'))!;
  const copyRow = rowByKey(page, copyKey);
  await expect(copyRow.getByLabel('Job Title')).toHaveValue(jobTitle);
  await expect(copyRow.getByLabel('Hours')).toHaveValue('1.5');
  await expect(copyRow.getByLabel('Description')).toHaveValue('');
  await expect(copyRow.getByRole('img', { name: 'Saved', exact: true })).toBeVisible();

  // Bulk apply: the first selected row's hours go to every selected row.
  await page.getByRole('button', { name: 'Apply Hours to Selected' }).click();
  await expect(page.getByRole('dialog', { name: 'Error' })).toContainText('Please select at least one row.');
  await page.keyboard.press('Escape');
  await copyRow.getByLabel('Hours').fill('3');
  await rowByKey(page, key).getByLabel('Select row').check();
  await copyRow.getByLabel('Select row').check();
  await page.getByRole('button', { name: 'Apply Hours to Selected' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('Applied 1.5 hours to 2 entries');
  await page.keyboard.press('Escape');
  await expect(copyRow.getByLabel('Hours')).toHaveValue('1.5');
  await expect(copyRow.getByRole('img', { name: 'Saved', exact: true })).toBeVisible();

  // Delete needs a second click within 3 s.
  await copyRow.getByRole('button', { name: 'Delete Row' }).click();
  await expect(copyRow.getByRole('button', { name: 'Delete?' })).toBeVisible();
  await expect(page.getByText('Click again to confirm delete')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/04-delete-confirm.png` });
  await copyRow.getByRole('button', { name: 'Delete?' }).click();
  await expect(copyRow).toHaveCount(0);
  // The delete goes through the queue: the row leaves the screen at once, the server has it a moment later.
  await expect.poll(async () => (await entriesOf(page, projectId)).timeEntries.some((e: { id: string }) => e.id === copyKey)).toBe(false);

  // A custom expense.
  await page.getByText('Log Expense').click();
  const expenseKey = await addRow(page);
  const expense = rowByKey(page, expenseKey);
  await expense.getByLabel('Expense Type').selectOption('Custom...');
  const custom = expense.getByPlaceholder('Enter custom expense type');
  await expect(custom).toBeFocused();
  await custom.fill('Tolls');
  await expense.getByLabel('Expense Amt').fill('12.5');
  await expect(expense.getByRole('img', { name: 'Saved', exact: true })).toBeVisible();
  await expect(page.getByText('Expense Totals')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/05-expenses.png`, fullPage: true });
  const savedExpense = (await entriesOf(page, projectId)).expenseEntries.find((e: { id: string }) => e.id === expenseKey);
  expect(savedExpense).toMatchObject({ expenseType: 'Tolls', amount: 12.5 });

  // Duplicate copies every field of an expense.
  await expense.getByRole('button', { name: 'Duplicate' }).click();
  const expenseCopy = rowByKey(page, (await expense.locator('xpath=following-sibling::div[1]').getAttribute('data-row-key'))!);
  await expect(expenseCopy.getByLabel('Custom expense type')).toHaveValue('Tolls');
  await expect(expenseCopy.getByLabel('Expense Amt')).toHaveValue('12.5');
  await expect(expenseCopy.getByRole('img', { name: 'Saved', exact: true })).toBeVisible();
  await expect(page.locator('[data-label="Expense total"]')).toHaveText('$25.00');

  // An empty custom type goes back to the list; Remove needs no confirmation.
  const second = await addRow(page);
  await rowByKey(page, second).getByLabel('Expense Type').selectOption('Custom...');
  await rowByKey(page, second).getByPlaceholder('Enter custom expense type').blur();
  await expect(rowByKey(page, second).getByLabel('Expense Type')).toHaveValue('');
  await rowByKey(page, second).getByRole('button', { name: 'Remove' }).click();
  await expect(rowByKey(page, second)).toHaveCount(0);
});

test('a limited user sees no cost anywhere and the API sends no money', async ({ page }) => {
  await signIn(page, LIMITED);
  const [hit] = await search(page, 'bayonne term');
  await page.goto(`/time-tracking?project=${hit!.id}`);
  await expect(page.getByRole('textbox', { name: 'Project' })).toHaveValue(hit!.label);
  await expect(page.getByRole('columnheader', { name: 'Hours' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Cost' })).toHaveCount(0);
  await expect(page.getByText('Time Totals')).toHaveCount(0);
  await expect(page.getByText(/Grand Total/)).toHaveCount(0);
  await expect(page.getByText(/\$\d/)).toHaveCount(0);
  // Entries logged by others are read-only for a limited user (ADR 030); their own new rows are not.
  await expect(page.getByRole('spinbutton', { name: 'Hours', disabled: true }).first()).toBeVisible();
  const own = await addRow(page);
  await expect(rowByKey(page, own).getByLabel('Hours')).toBeEnabled();
  const body = JSON.stringify(await entriesOf(page, hit!.id));
  expect(body).not.toMatch(/"(rate|cost|total_amount|totalAmount)"/);
  await page.screenshot({ path: `${SHOTS}/06-limited-user.png` });
});

test('keyboard only: "/" opens the project search, arrows and Enter pick, Tab follows the row, Enter adds the next row', async ({ page }) => {
  await signInOnly(page, SUPER_ADMIN);
  await page.goto('/time-tracking');
  await expect(page.getByRole('combobox', { name: 'Project' })).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  await expect(page.getByRole('combobox', { name: 'Project' })).toBeFocused();
  await page.keyboard.type('hudson crest');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Project' })).toHaveAttribute('readonly', '');

  const key = await addRow(page);
  const row = rowByKey(page, key);
  await expect(row.getByLabel('Date')).toBeFocused();
  const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  const order: (string | null | undefined)[] = [];
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    order.push(await focusedLabel());
    // Work Details offers its suggestions while it has focus (one list, not one per row).
    if (order.at(-1) === 'Work Details') await expect(row.getByLabel('Work Details')).toHaveAttribute('list', 'work-details-suggestions');
  }
  expect(order).toEqual(['Job Title', 'Initials', 'Hours', 'Work Details', 'Description']);
  await expect(row.getByLabel('Work Details')).not.toHaveAttribute('list');
  await row.getByLabel('Job Title').selectOption({ index: 1 });
  await row.getByLabel('Hours').fill('1.5');
  await row.getByLabel('Description').fill('typed without the mouse');
  const before = await page.locator('[data-row-key]').count();
  await row.getByLabel('Description').press('Enter');
  await expect(page.locator('[data-row-key]')).toHaveCount(before + 1);
  const next = page.locator(`[data-row-key="${key}"] + [data-row-key]`);
  await expect(next.getByLabel('Date')).toBeFocused();
  await expect(row.getByRole('img', { name: 'Saved', exact: true })).toBeVisible();
});
