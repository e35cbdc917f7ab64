// What a phone screen must pass (issue 26, docs/decisions/107): no sideways scrolling of the
// page, every tap target at least 44 × 44 CSS px, and axe's serious or critical findings none.
import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
export const MIN_TARGET = 44;
/** Screenshots for people to look at; test-results/ is ignored by git. */
export const PHONE_SHOTS = 'test-results/phone';

const TARGETS = [
  'button', 'a[href]', 'input:not([type=hidden])', 'select', 'textarea', 'summary', '[role=button]', '[role=link]',
  '[role=checkbox]', '[role=radio]', '[role=switch]', '[role=tab]', '[role=menuitem]', '[role=option]', '[role=combobox]',
  '[role=slider]', '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** Interactive elements that are shown but smaller than 44 × 44, each with its name and size. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(({ selector, min }) => {
    const shown = (el: Element) => {
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && (el as HTMLElement).getClientRects().length > 0;
    };
    const nameOf = (el: Element) => (el.getAttribute('aria-label')
      ?? ((el as HTMLInputElement).labels?.[0]?.textContent || el.getAttribute('title') || el.textContent || el.getAttribute('placeholder') || '')
    ).trim().replace(/\s+/g, ' ').slice(0, 60);
    const found: string[] = [];
    for (const el of document.querySelectorAll(selector)) {
      if (!shown(el)) continue;
      let { left, top, right, bottom } = el.getBoundingClientRect();
      // A visually small box (a checkbox, a radio, a segmented control's hidden radio) is tapped
      // through its label too: the hit area is the two together.
      const labels = (el as HTMLInputElement).labels;
      if (labels) {
        for (const label of labels) {
          if (!shown(label)) continue;
          const r = label.getBoundingClientRect();
          left = Math.min(left, r.left); top = Math.min(top, r.top); right = Math.max(right, r.right); bottom = Math.max(bottom, r.bottom);
        }
      }
      const width = right - left;
      const height = bottom - top;
      // A visually hidden control (1 px: a dropzone's file input) is reached through what is shown in its place.
      if (width <= 1 && height <= 1) continue;
      if (width + 0.5 < min || height + 0.5 < min) {
        const role = el.getAttribute('role') ?? el.tagName.toLowerCase() + (el.getAttribute('type') ? `[${el.getAttribute('type')}]` : '');
        found.push(`${role} "${nameOf(el)}" ${Math.round(width)}×${Math.round(height)}`);
      }
    }
    return found;
  }, { selector: TARGETS, min: MIN_TARGET });
}

/** How far the page scrolls sideways beyond the viewport (0 when it does not). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  // Against the device's width, not innerWidth: a phone browser zooms out to show a page wider
  // than the screen, and innerWidth grows with it.
  return page.evaluate((width) => document.scrollingElement!.scrollWidth - width, PHONE.viewport.width);
}

/** The three checks at once, and a screenshot of the whole page for a person to look at. */
export async function checkPhoneScreen(page: Page, name: string) {
  // Every part of the page has come in ('Loading the timer...', 'Loading action items...').
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  // One picture per screenful, scrolled as a thumb would (the sticky header shows on each).
  const height = await page.evaluate(() => document.scrollingElement!.scrollHeight);
  for (let y = 0, i = 1; y < height; y += PHONE.viewport.height - 100, i += 1) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.screenshot({ path: `${PHONE_SHOTS}/${name}-${i}.png`, scale: 'css' });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  expect.soft(await sidewaysOverflow(page), `${name}: the page scrolls sideways`).toBe(0);
  expect.soft(await smallTargets(page), `${name}: tap targets under 44 × 44 px`).toEqual([]);
  expect.soft(await seriousViolations(page), `${name}: axe`).toEqual([]);
}
