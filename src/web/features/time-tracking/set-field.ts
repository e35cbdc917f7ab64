import type { ChangeEvent } from 'react';
import type { EntryStore } from '../../shared/entries/index.ts';

type TextField<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D];

/**
 * The change handler of one text field of a row (its text through `clean` when given). Made once
 * per row (useMemo), so the grid cell it goes to renders again only when its value changes.
 */
export function setField<D, X>(store: EntryStore<D, X>, rowKey: string, field: TextField<D>, clean?: (text: string) => string) {
  return (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const text = e.currentTarget.value;
    store.update(rowKey, { [field]: clean ? clean(text) : text } as Partial<D>);
  };
}
