import { startTransition, useEffect, useLayoutEffect, useReducer, useRef, useState, type FocusEvent } from 'react';
import { blockRowsNearScreen } from './rows-near-screen.ts';

const CONTROLS = 'button, input, [tabindex]';

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

  const near = !catchingUp || focused.current ? { first: 0, last: Infinity } : blockRowsNearScreen(body.current, 1);
  const itemAt = (place: number): T =>
    (place >= near.first && place <= near.last) || place >= settled.length ? items[place]! : settled[place]!;
  return { itemAt, bodyProps: { ref: body, onFocus, onBlur } };
}
