/**
 * Fetches a lazily loaded part's code before anyone can ask for it, yet after the page's first load
 * (docs/decisions/078): at the user's first input (a pointer, a touch, a key, a click or a focus:
 * a screen reader's activation sends only a click) or once the browser is idle after loading,
 * whichever comes first, while the device is still online.
 */
export function prefetchSoon(load: () => Promise<unknown>): void {
  const INPUT = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'click', 'focusin'] as const;
  let done = false;
  const fetchNow = () => {
    if (done) return;
    done = true;
    for (const type of INPUT) window.removeEventListener(type, fetchNow, true);
    load().catch(() => undefined); // offline now: the part's own fallback answers when it is asked for
  };
  for (const type of INPUT) window.addEventListener(type, fetchNow, { capture: true, passive: true });
  const whenIdle = () => (window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 1000)))(fetchNow, { timeout: 5000 });
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
