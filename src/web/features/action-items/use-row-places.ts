import { startTransition, useEffect, useLayoutEffect, useReducer, useRef, useState, type FocusEvent } from 'react';

const CONTROLS = 'button, input, [tabindex]';

/** The first index in [0, n) where `test` holds (it fails before that index and holds after), or n. */
function firstIndex(n: number, test: (i: number) => boolean): number {
  let [lo, hi] = [0, n];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The places of the rows on screen or within a screen of it, found by halving over the rows' boxes
 * (about ten reads, while the layout is still clean, before the change renders). Places past the
 * last row are near when that row is. None when the whole body is farther (its rows are not even
 * laid out then: reading one would lay them all out).
 */
function rowsNearScreen(body: HTMLElement | null): { first: number; last: number } {
  const rows = body?.children;
  if (!body || !rows || rows.length === 0) return { first: 0, last: Infinity };
  const screen = window.innerHeight;
  const box = body.getBoundingClientRect();
  if (box.bottom < -screen || box.top > 2 * screen) return { first: 0, last: -1 };
  const first = firstIndex(rows.length, (i) => rows[i]!.getBoundingClientRect().bottom >= -screen);
  const end = firstIndex(rows.length, (i) => rows[i]!.getBoundingClientRect().top > 2 * screen);
  return { first, last: end === rows.length ? Infinity : end - 1 };
}

/**
 * Rows as places, not items (issue 13, docs/decisions/036): a sort or a filter gives rows other
 * items instead of moving them, since moving 1,000 rows (insertBefore, then style, layout and
 * paint of each moved row) took 60-100 ms. `itemAt(place)` is the item a row shows: the rows near
 * the screen take their new item at once, the others once that frame is painted (a transition,
 * which React renders in slices and drops for any newer change). So every row stays in the page,
 * in order, for browser find and the keyboard, and the screen never shows a stale row. While a
 * control in the table has focus, every row takes its item at once and the focus follows its item
 * to the row it is now in, as it did when rows moved. Rows carry `data-item-id`.
 */
export function useRowPlaces<T>(items: readonly T[]) {
  const [settled, setSettled] = useState(items);
  const catchingUp = settled !== items;
  useEffect(() => {
    if (!catchingUp) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setSettled(items)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [catchingUp, items]);
  const body = useRef<HTMLDivElement>(null);
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!catchingUp) return;
    // A row scrolled to before the rest have caught up takes its item at once.
    window.addEventListener('scroll', renderAgain, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', renderAgain, { capture: true });
  }, [catchingUp]);

  // The item of the focused row, and which of its controls has the focus.
  const focused = useRef<{ id: string; control: number } | null>(null);
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const row = e.target.closest<HTMLElement>('[data-item-id]');
    focused.current = row ? { id: row.dataset.itemId!, control: [...row.querySelectorAll(CONTROLS)].indexOf(e.target) } : null;
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) focused.current = null;
  };
  useLayoutEffect(() => {
    const was = focused.current;
    if (!was || document.activeElement?.closest<HTMLElement>('[data-item-id]')?.dataset.itemId === was.id) return;
    // The focused row was given another item: the focus goes where its item is now (if still shown).
    const row = body.current?.querySelector(`[data-item-id="${CSS.escape(was.id)}"]`);
    const control = row?.querySelectorAll<HTMLElement>(CONTROLS)[was.control];
    control?.focus({ preventScroll: true });
  });

  const near = !catchingUp || focused.current ? { first: 0, last: Infinity } : rowsNearScreen(body.current);
  const itemAt = (place: number): T =>
    (place >= near.first && place <= near.last) || place >= settled.length ? items[place]! : settled[place]!;
  return { itemAt, bodyProps: { ref: body, onFocus, onBlur } };
}
