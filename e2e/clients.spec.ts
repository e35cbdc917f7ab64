import { expect, test, type Page } from './test.ts';
import { signInOnly } from './sign-in.ts';
import { csrfHeader } from './refusals.ts';

async function pickFirst(page: Page, label: string) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option').first().click();
}

async function manualAddress(page: Page, scope: ReturnType<Page['locator']>, a: { street: string; city: string; state: string; zip: string }) {
  await scope.getByRole('switch', { name: 'Manual Entry' }).check({ force: true });
  const group = scope.getByRole('group', { name: 'Manual address entry' });
  await group.getByLabel('Street address').fill(a.street);
  await group.getByLabel('City').fill(a.city);
  await group.getByLabel('State').fill(a.state);
  await page.keyboard.press('Escape');
  await group.getByLabel('ZIP').fill(a.zip);
  await group.getByRole('button', { name: 'Save' }).click();
  await expect(group).toHaveCount(0);
}

test('a new client through the phased form: draft, resume, finish, find, second primary project', async ({ page }) => {
  const tag = Date.now().toString().slice(-6);
  const name = `Evelyn Marsh ${tag}`;
  const fileNumber = `E2E-${tag}`;
  await signInOnly(page);

  // Phase 1 and 2, then leave half-way.
  await page.goto('/clients/new');
  await expect(page).toHaveTitle('New Client');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Client name is required')).toBeVisible();
  await page.getByLabel('Client name').fill(name);
  // Unsaved edits of the current phase: leaving asks first.
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(page.getByText('You have unsaved changes that will be lost. Do you want to continue?')).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/clients\/new$/);
  await page.getByLabel('E-mail').fill(`evelyn.${tag}@example.com`);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('25% complete')).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/new\?draft=/);
  // Typed at once, with no wait: nothing the form reads back afterwards may replace it.
  await page.getByLabel('File number').fill(fileNumber);
  await page.getByLabel('Case name').fill('Kitchen flood');
  await pickFirst(page, 'Attorney and law firm');
  await pickFirst(page, 'Rate code');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('50% complete')).toBeVisible();
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The draft waits in drafts; resume lands on the first project phase.
  await page.goto('/clients/drafts');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('50%');
  await expect(row).toContainText('First project');
  await expect(row).toContainText(fileNumber);
  await row.getByRole('link', { name: `Resume ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'First project' })).toBeVisible();
  await page.getByLabel('Project number').fill(`P-${tag}-1`);
  await page.getByLabel('Project name').fill('Main residence');
  await manualAddress(page, page.locator('main'), { street: '12 Harbor Way', city: 'Austin', state: 'TX', zip: '78701' });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('75% complete')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await expect(page.getByText('12 Harbor Way, Austin, TX 78701')).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/case\//);
  await expect(page.getByText(`${name} is now a complete client.`)).toBeVisible();

  // No longer a draft; found by the existing-client search and the case search.
  await page.goto('/clients/drafts');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.goto('/existing-clients');
  await page.getByLabel('Client or contact name').fill(`Marsh ${tag}`);
  const hit = page.getByRole('row', { name: new RegExp(name) });
  await expect(hit).toBeVisible();
  await page.getByText('Find a case').click();
  await page.getByLabel('File number, case name, client or contact name').fill(fileNumber);
  await page.getByRole('link', { name: fileNumber }).click();

  // The case: add a second project and make it primary; the case address follows.
  await expect(page.getByRole('heading', { name: `${fileNumber} — Kitchen flood` })).toBeVisible();
  await expect(page.getByTestId('case-address')).toHaveText('12 Harbor Way, Austin, TX 78701');
  await page.getByRole('button', { name: 'Add project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Project number').fill(`P-${tag}-2`);
  await dialog.getByLabel('Project name').fill('Detached garage');
  await manualAddress(page, dialog, { street: '40 Mill Rd', city: 'Round Rock', state: 'TX', zip: '78664' });
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('project-count')).toHaveText('2');
  await expect(page.getByTestId('case-address')).toHaveText('12 Harbor Way, Austin, TX 78701');
  await page.getByRole('button', { name: `Make primary P-${tag}-2` }).click();
  await expect(page.getByTestId('case-address')).toHaveText('40 Mill Rd, Round Rock, TX 78664');

  // A duplicate project number says which one.
  await page.getByRole('button', { name: 'Add project' }).click();
  await dialog.getByLabel('Project number').fill(`P-${tag}-2`);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`Project number P-${tag}-2 is already in use by another project.`);
  // Closing with the typed number asks first (issue 22: no typed work is dropped unasked).
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();

  // Super admin: a custom rate for the first job type.
  const rateInput = page.getByRole('textbox', { name: /^Custom rate for / }).first();
  await rateInput.fill('210');
  await page.getByRole('button', { name: 'Save custom rates' }).click();
  await expect(page.getByText('Custom rates saved.')).toBeVisible();
  // Another super admin saves the case's rates while this one types: the conflict keeps the rate typed and shows
  // theirs where nothing was typed; the next Save stores both (docs/decisions/223).
  await expect(rateInput).toHaveValue('210.00');
  await rateInput.fill('225');
  const caseId = new URL(page.url()).pathname.split('/').pop()!;
  const current = await (await page.request.get(`/api/cases/${caseId}/custom-rates`)).json() as { version: number; jobTypes: { key: string }[] };
  const second = current.jobTypes[1]!.key;
  const theirs = await page.request.put(`/api/cases/${caseId}/custom-rates`, {
    headers: await csrfHeader(page), data: { customRates: { [current.jobTypes[0]!.key]: '199.00', [second]: '333.00' }, version: current.version },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);
  await page.getByRole('button', { name: 'Save custom rates' }).click();
  await expect(page.getByText('Someone else changed this record while you were editing.')).toBeVisible();
  await expect(rateInput).toHaveValue('225');
  await expect(page.getByRole('textbox', { name: /^Custom rate for / }).nth(1)).toHaveValue('333.00');
  await page.getByRole('button', { name: 'Save custom rates' }).click();
  await expect(page.getByText('Custom rates saved.')).toBeVisible();
  expect((await (await page.request.get(`/api/cases/${caseId}/custom-rates`)).json()).customRates).toMatchObject({ [second]: '333.00' });
  await expect(rateInput).toHaveValue('225.00');

  // The project page: its case and client, and links to its work.
  await page.getByRole('link', { name: `P-${tag}-2` }).click();
  await expect(page.getByRole('heading', { name: /Detached garage/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Time entries' })).toHaveAttribute('href', /\/time-tracking\?project=/);
  await expect(page.getByRole('link', { name: 'Action items' })).toHaveAttribute('href', /\/action-items\?project=/);
});

test('a limited user sees cases read-only and no custom rates', async ({ page }) => {
  await signInOnly(page, 'james.whitaker@casebook.test');
  await page.goto('/existing-clients?by=case');
  await page.getByLabel('File number, case name, client or contact name').fill('-0');
  await page.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByTestId('case-address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add project' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit case' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit client' })).toHaveCount(0);
  await expect(page.getByText('Custom rates')).toHaveCount(0);
  await page.goto('/clients/new');
  await expect(page.getByText('Read-only access')).toBeVisible();
});

test('the one-page form, then another case through the project-creation prompt', async ({ page }) => {
  const tag = `${Date.now()}`.slice(-6);
  const name = `Legacy Holdings ${tag}`;
  await signInOnly(page);
  await page.goto('/clients/new-legacy');
  await page.getByText('Business', { exact: true }).click();
  await page.getByLabel('Business name').fill(name);
  await page.getByLabel('Contact name').fill('Dana Whitfield');
  await page.getByLabel('File number').fill(`LG-${tag}`);
  await page.getByLabel('Project number').fill(`LG-${tag}-01`);
  await page.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByText(`${name} is now a complete client.`)).toBeVisible();
  await expect(page.getByTestId('project-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Edit client' }).click();
  const editClient = page.getByRole('dialog', { name: 'Edit client' });
  await editClient.getByLabel('Phone').fill('(512) 555-0199');
  await editClient.getByRole('button', { name: 'Save client' }).click();
  await expect(editClient).toHaveCount(0);

  await page.goto('/existing-clients');
  await page.getByLabel('Client or contact name').fill('Dana Whitfield');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('(512) 555-0199');
  await row.getByRole('button', { name: 'Add case' }).click();
  const dialog = page.getByRole('dialog', { name: 'New case' });
  // Closing with something typed asks first; discarded, the next opening starts empty.
  await dialog.getByLabel('Case name').fill('Typed, then dropped');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('You have unsaved changes that will be lost. Do you want to continue?')).toBeVisible();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toHaveCount(0);
  await row.getByRole('button', { name: 'Add case' }).click();
  await expect(dialog.getByLabel('Case name')).toHaveValue('');
  await dialog.getByLabel('File number').fill(`LG-${tag}`);
  await dialog.getByRole('button', { name: 'Create case' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`File number LG-${tag} is already in use by another case.`);
  await dialog.getByLabel('File number').fill(`LG-${tag}-B`);
  await dialog.getByRole('button', { name: 'Create case' }).click();
  await expect(page).toHaveURL(/\/project-creation-prompt\?case=/);
  await expect(page.getByRole('heading', { name: `Case LG-${tag}-B was created` })).toBeVisible();
  await page.getByRole('button', { name: 'Add a project now' }).click();
  await page.getByLabel('Project number').fill(`LG-${tag}-B1`);
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/case\//);
  await expect(page.getByTestId('project-count')).toHaveText('1');
  await expect(page.getByRole('cell', { name: 'Unnamed Project' })).toBeVisible();
});
