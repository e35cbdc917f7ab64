// A screen whose parts come in after its first paint can move a button between its press and its
// release: the press lands, the release lands beside it, and nothing opens. The case page's sections
// show together (docs/decisions/205), but after 2 s at the latest, and the dashboard's notices above its
// timer come as their answers do: on a busy machine a late answer still moves what is below it (CI,
// 11/29, the phone layout; 11/30, testimony and the case page's budgets; 12/01, the dashboard's timer).
import { expect, type Locator } from './test.ts';

/** Presses `button` until what it opens shows (pressed again only while that is not shown). */
export async function pressUntilShown(button: Locator, opened: Locator) {
  await expect(async () => {
    if (!(await opened.isVisible())) await button.click({ timeout: 3_000 });
    await expect(opened).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
