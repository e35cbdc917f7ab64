// axe-core run on the page as it stands, the serious and critical violations only (issue 13).
// Specs that use it need `test.use({ bypassCSP: true })`: the app's CSP rightly forbids the injected script.
import { createRequire } from 'node:module';
import { expect, type BrowserContext, type Page } from '@playwright/test';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const withAxe = new WeakSet<BrowserContext>();

interface Violation { id: string; impact: string; help: string; nodes: { target: string[] }[] }

export async function seriousViolations(page: Page): Promise<string[]> {
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  // Sections that show together once their data is in (the case page) are hidden until then.
  await expect(page.locator('[data-settling]')).toHaveCount(0);
  // The page fades in over 180 ms: axe read mid-fade sees text at part opacity, so low contrast.
  // Finite animations must be over; endless ones (a striped progress bar) are left alone.
  await page.waitForFunction(() => document.getAnimations().every(
    (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
  ));
  // axe (half a megabyte) goes into the context once, loaded before the app on every later page of it:
  // sent and compiled anew for every screen it was a fifth of a second of CPU (docs/performance/test-suite.md).
  if (!withAxe.has(page.context())) {
    withAxe.add(page.context());
    await page.context().addInitScript({ path: AXE });
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}
