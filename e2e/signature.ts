import { expect, type Locator, type Page } from './test.ts';

/** A stroke across a signature pad, as a finger or a mouse signs. */
export async function draw(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 22, box.y + box.height * (0.7 - (i % 2) * 0.4));
  await page.mouse.up();
}

/**
 * Signs a certification or review dialog with a drawn signature. The dialog offers its choice once it
 * knows whether the person saved a signature (another spec may have): the saved one first, else the pad.
 */
export async function signByDrawing(page: Page, dialog: Locator) {
  const pad = dialog.getByRole('img', { name: 'Signature pad' });
  const drawOne = dialog.getByText('Draw a signature', { exact: true });
  await expect(pad.or(drawOne).first()).toBeVisible();
  if (await drawOne.isVisible()) await drawOne.click();
  await draw(page, pad);
}
