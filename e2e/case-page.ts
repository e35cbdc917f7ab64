// The case page's sections show together once their data is in (docs/decisions/205), but after 2 s at
// the latest: on a busy machine a late answer can still grow a section, and a click aimed at a button
// below it then lands beside it (CI, 11/29, the phone layout; 11/30, testimony, before 205).
import { expect, type Locator } from './test.ts';

/** Presses a case-page button until its dialog shows (pressed again only while the dialog is not open). */
export async function openDialog(button: Locator, dialog: Locator) {
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click({ timeout: 3_000 });
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
