// The case page's sections grow as their data arrives after its first paint (deadlines, parties,
// the conflict check, the engagement letter, evidence, testimony): a click aimed at a button below
// them while one grows can land beside it (CI, 11/29, the phone layout; 11/30, testimony).
import { expect, type Locator } from './test.ts';

/** Presses a case-page button until its dialog shows (pressed again only while the dialog is not open). */
export async function openDialog(button: Locator, dialog: Locator) {
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click({ timeout: 3_000 });
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
