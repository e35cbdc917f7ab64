import { expect, test, type Page } from './test.ts';
import { CONFLICT, csrfHeader, DENIED, invalid, messageOf, refuseOnce, UNNAMED, UNSAVED } from './refusals.ts';
import { ADMIN, signIn, signInOnly } from './sign-in.ts';

// Issue 22, "No typed work is lost", for the client forms: every refusal keeps the typed text on
// screen and names its field (under the field, in the alert, the cursor in it); no dialog closes or
// resets without asking; a reload of the record changes only the fields not being edited.

const SHOTS = 'test-results/screens';
const stamp = () => String(Date.now()).slice(-7);

/** A client, a case and a project of its own, made through the API. */
async function makeCase(page: Page) {
  const headers = await csrfHeader(page);
  const post = async (url: string, data: object) => (await page.request.post(url, { headers, data })).json();
  const client = await post('/api/clients', { isBusinessClient: false, name: `Keep Text ${stamp()}` });
  const kase = await post('/api/cases', { clientId: client.id, fileNumber: `KT-${stamp()}`, caseName: 'Typed work' });
  const project = await post('/api/projects', { caseId: kase.id, projectNumber: `KT-${stamp()}-01`, projectName: 'Roof', isPrimaryProject: true });
  return { client, kase, project };
}

test('the phased new-client form keeps its text through every refusal and names the field', async ({ page }) => {
  await signInOnly(page, ADMIN);
  await page.goto('/clients/new');
  const name = `Ortega Family ${stamp()}`;
  await page.getByLabel('Client name').fill(name);
  await page.getByLabel('E-mail').fill('ortega@typed.test');
  await page.getByLabel('Phone').fill('978-555-0101');
  const alert = page.getByRole('alert');

  const named = invalid('email', 'Please enter a valid e-mail address');
  for (const refusal of [named, ...UNNAMED]) {
    await refuseOnce(page, 'POST', '**/api/clients', refusal);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(alert, refusal.name).toContainText(messageOf(refusal));
    await expect(page.getByLabel('Client name')).toHaveValue(name);
    await expect(page.getByLabel('E-mail')).toHaveValue('ortega@typed.test');
    await expect(page.getByLabel('Phone')).toHaveValue('978-555-0101');
    if (refusal === named) {
      await expect(alert).toContainText('E-mail: Please enter a valid e-mail address');
      await expect(page.getByLabel('E-mail')).toBeFocused();
      await page.screenshot({ path: `${SHOTS}/forms-new-client-400.png` });
    }
  }
  // Too long to store is named before anything is sent, with the limit.
  await page.getByLabel('Phone').fill('9'.repeat(41));
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Must be 40 characters or fewer (now 41)')).toBeVisible();
  await expect(page.getByLabel('Phone')).toBeFocused();
  await page.getByLabel('Phone').fill('978-555-0101');

  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByLabel('File number')).toBeVisible();
  // The real server: a file number already in use (409, naming the field).
  const { kase } = await makeCase(page);
  await page.getByLabel('File number').fill(kase.fileNumber);
  await page.getByLabel('Case name').fill('Water loss, second floor');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(alert).toContainText(`File number ${kase.fileNumber} is already in use by another case.`);
  await expect(page.getByLabel('File number')).toBeFocused();
  await expect(page.getByLabel('File number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Case name')).toHaveValue('Water loss, second floor');
  await page.screenshot({ path: `${SHOTS}/forms-new-client-duplicate.png` });
  // Fixing the field takes its problem away.
  await page.getByLabel('File number').fill(`KT-${stamp()}-B`);
  await expect(page.getByLabel('File number')).not.toHaveAttribute('aria-invalid', 'true');
});

test('case page dialogs: a duplicate is named, refusals keep the text, closing asks first', async ({ page }) => {
  await signIn(page, ADMIN);
  const { kase, project } = await makeCase(page);
  await page.goto(`/case/${kase.id}`);

  await page.getByRole('button', { name: 'Add project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Project number').fill(project.projectNumber);
  await dialog.getByLabel('Project name').fill('Basement');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`Project number ${project.projectNumber} is already in use by another project.`);
  await expect(dialog.getByLabel('Project number')).toBeFocused();
  await expect(dialog.getByLabel('Project name')).toHaveValue('Basement');
  await page.screenshot({ path: `${SHOTS}/forms-add-project-duplicate.png` });
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(question).toContainText(UNSAVED);
  await question.getByRole('button', { name: 'No' }).click();
  await expect(dialog.getByLabel('Project name')).toHaveValue('Basement');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Edit case' }).click();
  const edit = page.getByRole('dialog', { name: /Edit case/ });
  await edit.getByLabel('Case name').fill('Typed case name');
  for (const refusal of [invalid('caseName', 'Must be 200 characters or fewer (now 201)'), ...UNNAMED]) {
    await refuseOnce(page, 'PUT', /\/api\/cases\/[^/]+$/, refusal);
    await edit.getByRole('button', { name: 'Save case' }).click();
    await expect(edit.getByRole('alert'), refusal.name).toContainText(messageOf(refusal));
    await expect(edit.getByLabel('Case name')).toHaveValue('Typed case name');
  }
  await expect(edit.getByRole('alert')).toContainText(messageOf(UNNAMED[2]!));
  await refuseOnce(page, 'PUT', /\/api\/cases\/[^/]+$/, UNNAMED[0]!);
  await edit.getByRole('button', { name: 'Save case' }).click();
  await expect(edit.getByRole('alert')).toContainText(DENIED);
  await page.screenshot({ path: `${SHOTS}/forms-edit-case-403.png` });
  await edit.getByRole('button', { name: 'Save case' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { name: `${kase.fileNumber} — Typed case name` })).toBeVisible();

  await page.getByRole('button', { name: 'Edit client' }).click();
  const client = page.getByRole('dialog', { name: 'Edit client' });
  await client.getByLabel('Phone').fill('978-555-0199');
  await refuseOnce(page, 'PUT', /\/api\/clients\/[^/]+$/, invalid('phone', 'Must be 40 characters or fewer (now 41)'));
  await client.getByRole('button', { name: 'Save client' }).click();
  await expect(client.getByRole('alert')).toContainText('Phone: Must be 40 characters or fewer (now 41)');
  await expect(client.getByLabel('Phone')).toBeFocused();
  await expect(client.getByLabel('Phone')).toHaveValue('978-555-0199');
});

test('project page: someone else\'s save met as a conflict keeps the typed fields and shows theirs', async ({ page }) => {
  await signIn(page, ADMIN);
  const { project } = await makeCase(page);
  await page.goto(`/project/${project.id}`);
  await page.getByLabel('Project name').fill('Roof and gutters (mine)');

  const current = await (await page.request.get(`/api/projects/${project.id}`)).json();
  const theirs = await page.request.put(`/api/projects/${project.id}`, {
    headers: await csrfHeader(page),
    data: {
      projectNumber: current.projectNumber, projectName: 'Roof (theirs)', address: current.address, projectType: 'Fire Loss',
      buildingType: current.buildingType, status: current.status, isPrimaryProject: current.isPrimaryProject, version: current.version,
    },
  });
  expect(theirs.status()).toBe(200);
  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page.getByRole('alert')).toContainText(CONFLICT);
  await expect(page.getByLabel('Project name')).toHaveValue('Roof and gutters (mine)');
  await expect(page.getByText('Someone else saved “Roof (theirs)” here meanwhile. Saving keeps yours.')).toBeVisible();
  await expect(page.getByLabel('Project type').first()).toHaveValue('Fire Loss');
  await page.screenshot({ path: `${SHOTS}/forms-project-conflict.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page.getByText('Project saved.')).toBeVisible();
  await expect(page.getByLabel('Project name')).toHaveValue('Roof and gutters (mine)');
  await expect(page.getByLabel('Project type').first()).toHaveValue('Fire Loss');
});
