/**
 * Fetches a lazily loaded part's code before anyone can ask for it, yet after the page's first load
 * (docs/decisions/078): at the user's first input (a pointer, a touch, a key or a click:
 * a screen reader's activation sends only a click). Not at a focus (a page's autofocus is one), nor
 * when the browser is first idle (a lazy page may still be on its way). A part whose code cannot
 * be fetched then (offline) has its own fallback (`ui/lazy-boundary.tsx`).
 */
export function prefetchSoon(load: () => Promise<unknown>): void {
  const INPUT = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'click'] as const;
  let done = false;
  const fetchNow = () => {
    if (done) return;
    done = true;
    for (const type of INPUT) window.removeEventListener(type, fetchNow, true);
    load().catch(() => undefined); // offline: the part's fallback answers when it is asked for
  };
  for (const type of INPUT) window.addEventListener(type, fetchNow, { capture: true, passive: true });
}
