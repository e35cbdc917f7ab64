import { rowsNearScreen } from './rows-near-screen.ts';
import './far-rows.css';

/** How near the screen, in screens, a row paints. */
const NEAR = 0.5;

/**
 * Beyond this many screens content-visibility skips rows anyway (it paints about 1.8 screens out),
 * so marks there would be work for nothing: a change that adds hundreds of rows below the screen
 * would restyle them all in its frame. A row's mark is set once it comes within this distance.
 */
const SKIPPED_PAST = 2.5;

/**
 * Marks the rows of an entry table more than half a screen above or below the viewport
 * (`data-far`); CSS clips their cells away, so they paint nothing. Every frame that paints a
 * keystroke makes Blink layerize every painted row again, and content-visibility alone keeps
 * painting rows about 1.8 screens away: about 90 rows of inputs for the 17 on screen
 * (issue 13, docs/decisions/036, "Fifth pass"). The rows stay in the DOM, laid out, focusable,
 * findable and read by assistive technology.
 *
 * The marks are worked out again when the page scrolls or resizes and when the rows or the page
 * change size (rows added, removed or grown; something above the table shown or hidden), each
 * time before that frame paints: a row reaches the screen painted unless the page jumps more than
 * half a screen at once, which shows its cells one frame late, as content-visibility would. A new
 * row paints until it is found far. The ref callback of the rows' container.
 */
export function watchFarRows(body: HTMLElement | null) {
  if (!body) return;
  const mark = () => {
    const { first, last } = rowsNearScreen(body, NEAR);
    const within = rowsNearScreen(body, SKIPPED_PAST);
    const rows = body.children;
    for (let i = within.first; i <= Math.min(within.last, rows.length - 1); i++) {
      const far = i < first || i > last;
      if (rows[i]!.hasAttribute('data-far') !== far) rows[i]!.toggleAttribute('data-far', far);
    }
  };
  const resized = new ResizeObserver(mark);
  resized.observe(body);
  resized.observe(document.documentElement);
  window.addEventListener('scroll', mark, { capture: true, passive: true });
  window.addEventListener('resize', mark);
  return () => {
    resized.disconnect();
    window.removeEventListener('scroll', mark, { capture: true });
    window.removeEventListener('resize', mark);
  };
}
