import { expect, test, type Locator, type Page } from './test.ts';
import { makePng } from '../test/helpers/uploads.ts';
import {
  CONFLICT, csrfHeader, FORM_CHECK, invalid, messageOf, refuseOnce, UNNAMED, UNSAVED, type Refusal,
} from './refusals.ts';
import { ADMIN, signInOnly } from './sign-in.ts';

// Issue 22, "No typed work is lost": whatever the server refuses, the text stays on screen and the
// field the refusal is about is named (under the field, in the alert) with the cursor in it.

const SHOTS = 'test-results/screens';

async function someProject(page: Page): Promise<string> {
  const { items } = await (await page.request.get('/api/action-items')).json() as { items: { project_id: string }[] };
  return items[0]!.project_id;
}

async function fillNewItem(page: Page, dialog: Locator, title: string) {
  await dialog.getByLabel('Assignee').fill('Denise');
  await page.getByRole('listbox').getByRole('option', { name: 'Denise Park' }).click();
  await dialog.getByLabel('Short Description').fill(title);
  await dialog.getByLabel('Date').fill('tomorrow');
  await dialog.getByLabel('Date').press('Tab');
  await dialog.getByLabel('Long Description').fill('Bring the moisture meter.\nMeet the adjuster at the side door.');
}

async function expectTyped(dialog: Locator, title: string) {
  await expect(dialog.getByLabel('Short Description')).toHaveValue(title);
  await expect(dialog.getByLabel('Long Description')).toHaveValue('Bring the moisture meter.\nMeet the adjuster at the side door.');
  await expect(dialog.getByLabel('Assignee')).toHaveValue('Denise Park');
}

test('the action-item dialog keeps its text through every refusal and names the field', async ({ page }) => {
  await signInOnly(page, ADMIN);
  await page.goto(`/action-items?project=${await someProject(page)}`);
  await page.getByRole('button', { name: 'Add New Action Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Action Item' });
  const title = `Moisture survey ${Date.now()}`;
  await fillNewItem(page, dialog, title);
  const alert = dialog.getByRole('alert');

  const named = invalid('shortDescription', 'Must be 500 characters or fewer (now 501)');
  for (const refusal of [named, { ...named, status: 409, name: 'duplicate', error: { code: 'DUPLICATE_RECORD', message: 'This action item already exists.' } } as Refusal, ...UNNAMED]) {
    await refuseOnce(page, 'POST', '**/api/action-items', refusal);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(alert, refusal.name).toContainText(messageOf(refusal));
    // The previous refusal's notice may still be on screen beside this one's (each closes on its own time).
    await expect(page.getByText('Error', { exact: true }).first()).toBeVisible();
    await expectTyped(dialog, title);
    if (refusal === named) {
      await expect(alert).toContainText('Short Description: Must be 500 characters or fewer (now 501)');
      await expect(dialog.getByLabel('Short Description')).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.getByLabel('Short Description')).toBeFocused();
      await page.screenshot({ path: `${SHOTS}/forms-action-item-400.png` });
    }
    if ('abort' in refusal) await page.screenshot({ path: `${SHOTS}/forms-action-item-offline.png` });
  }

  // The real server: a NUL character slipped into the text is refused by its input guard, by field.
  await page.route('**/api/action-items', (route) => route.request().method() !== 'POST' ? route.fallback() : route.continue({
    postData: JSON.stringify({ ...route.request().postDataJSON(), longDescription: 'Bring the moisture meter.\u0000' }),
  }), { times: 1 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(alert).toContainText('Please check the format of your input.');
  await expect(alert).toContainText('Long Description: Text cannot contain the NUL character (\\u0000)');
  await expect(dialog.getByLabel('Long Description')).toBeFocused();
  await expectTyped(dialog, title);

  // Too long for the server is named before anything is sent.
  await dialog.getByLabel('Short Description').fill('x'.repeat(501));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(alert).toContainText(`${FORM_CHECK}Short Description: Must be 500 characters or fewer (now 501)`);
  await expect(dialog.getByLabel('Short Description')).toHaveValue('x'.repeat(501));
  await dialog.getByLabel('Short Description').fill(title);

  // Escape asks before dropping the text; No keeps it.
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(question).toContainText(UNSAVED);
  await question.getByRole('button', { name: 'No' }).click();
  await expectTyped(dialog, title);

  // The answer to a save that landed is lost: the retry (same id) saves over it, once.
  await page.route('**/api/action-items', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await route.fetch();
    await route.abort('connectionreset');
  }, { times: 1 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(alert).toContainText(messageOf(UNNAMED[2]!));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Action Item Saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
});

test('the inline action-item form asks before a project change closes it', async ({ page }) => {
  await signInOnly(page, ADMIN);
  await page.goto(`/time-tracking?project=${await someProject(page)}`);
  await page.getByRole('button', { name: 'Add New Action Item' }).click();
  await page.getByLabel('Short Description').fill('Call the tenant back');
  await page.getByRole('button', { name: 'Reset' }).click();
  const question = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(question).toContainText(UNSAVED);
  await question.getByRole('button', { name: 'No' }).click();
  await expect(page.getByLabel('Short Description')).toHaveValue('Call the tenant back');
});

test('firm profile: a logo or signature upload keeps the fields just typed; refusals name the field', async ({ page }) => {
  await signInOnly(page, ADMIN);
  await page.goto('/settings/firm-profile');
  const section = page.getByRole('region', { name: 'Firm profile' });
  const phone = `(978) 555-${String(Date.now()).slice(-4)}`;
  await section.getByLabel('Phone').fill(phone);
  await section.getByLabel('Address').fill('40 Typed Wharf, Salem MA 01970');

  await section.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await makePng(600, 200) });
  await expect(section.getByRole('img', { name: 'Firm logo' })).toBeVisible();
  await expect(section.getByLabel('Phone')).toHaveValue(phone);
  await expect(section.getByLabel('Address')).toHaveValue('40 Typed Wharf, Salem MA 01970');
  // The signature is in Settings → My account now (docs/decisions/096): no upload of it on this page.
  await page.screenshot({ path: `${SHOTS}/forms-firm-profile-after-upload.png`, fullPage: true });

  const alert = section.getByRole('alert');
  const named = invalid('email', 'Please enter a valid e-mail address');
  await section.getByLabel('E-mail').fill('office@typed.test');
  for (const refusal of [named, ...UNNAMED]) {
    await refuseOnce(page, 'PUT', '**/api/settings/firm-profile', refusal);
    await section.getByRole('button', { name: 'Save firm profile' }).click();
    await expect(alert, refusal.name).toContainText(messageOf(refusal));
    await expect(section.getByLabel('Phone')).toHaveValue(phone);
    await expect(section.getByLabel('E-mail')).toHaveValue('office@typed.test');
    if (refusal === named) {
      await expect(alert).toContainText('E-mail: Please enter a valid e-mail address');
      await expect(section.getByLabel('E-mail')).toBeFocused();
      await section.screenshot({ path: `${SHOTS}/forms-firm-profile-400.png` });
    }
  }

  // Someone else saves first (a real 409): their untouched field comes in, the typed ones stay.
  const current = await (await page.request.get('/api/settings/firm-profile')).json();
  const theirs = await page.request.put('/api/settings/firm-profile', {
    headers: await csrfHeader(page), data: { ...pick(current), website: 'theirs.test', version: current.version },
  });
  expect(theirs.status()).toBe(200);
  await section.getByRole('button', { name: 'Save firm profile' }).click();
  await expect(alert).toContainText(CONFLICT);
  await expect(section.getByLabel('Website')).toHaveValue('theirs.test');
  await expect(section.getByLabel('Phone')).toHaveValue(phone);
  await section.getByRole('button', { name: 'Save firm profile' }).click();
  await expect(section.getByRole('status')).toHaveText('Firm profile saved.');

  await page.reload();
  await expect(section.getByLabel('Phone')).toHaveValue(phone);
  await expect(section.getByLabel('Address')).toHaveValue('40 Typed Wharf, Salem MA 01970');
  await expect(section.getByLabel('Website')).toHaveValue('theirs.test');
});

function pick(p: Record<string, unknown>) {
  const { firmName, licenceNumber, address, phone, email, website } = p;
  return { firmName, licenceNumber, address, phone, email, website };
}
