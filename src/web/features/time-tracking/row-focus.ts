import type { KeyboardEvent } from 'react';

// Keyboard entry of time and expense rows (README, Keyboard).

/** Enter in a row's last cell adds a row below it and puts the caret in its Date cell. */
export function addRowOnEnter(store: { add(draft?: undefined, after?: string): string }, afterKey: string) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    focusRowDate(store.add(undefined, afterKey));
  };
}

/** Puts the caret in a new row's Date cell, so a row can be filled from the keyboard at once. */
export function focusRowDate(key: string) {
  requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-row-key="${key}"] input[aria-label="Date"]`)?.focus());
}
