import { rowsNearScreen, rowsOfBlocksNear } from './rows-near-screen.ts';

/** How near the screen, in screens, a row paints. */
const NEAR = 0.5;

/**
 * Rows are marked within this many screens only (the rows of the blocks there): the browser skips
 * blocks farther off screen, so marks there would be work for nothing, and a change that adds
 * hundreds of rows below the screen would restyle them all in its frame. A mark left from an
 * earlier visit is worked out again in the frame that brings its row near.
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
 * row paints until it is found far. The ref callback of the rows' container, whose children are
 * the blocks of rows (row-block-list.tsx).
 */
export function watchFarRows(body: HTMLElement | null) {
  if (!body) return;
  const mark = () => {
    const { rows } = rowsOfBlocksNear(body, SKIPPED_PAST);
    const { first, last } = rowsNearScreen(body, NEAR, rows);
    rows.forEach((row, i) => {
      const far = i < first || i > last;
      if (row.hasAttribute('data-far') !== far) row.toggleAttribute('data-far', far);
    });
  };
  // A scroll inside a cell (its text longer than the box, scrolled on each keystroke) moves no row.
  const scrolled = (e: Event) => {
    if (e.target === document || (e.target instanceof Element && e.target.contains(body))) mark();
  };
  const resized = new ResizeObserver(mark);
  resized.observe(body);
  resized.observe(document.documentElement);
  window.addEventListener('scroll', scrolled, { capture: true, passive: true });
  window.addEventListener('resize', mark);
  return () => {
    resized.disconnect();
    window.removeEventListener('scroll', scrolled, { capture: true });
    window.removeEventListener('resize', mark);
  };
}
