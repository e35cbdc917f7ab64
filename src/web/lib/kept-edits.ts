import { useCallback, useState } from 'react';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface KeptState<F extends object> {
  /** The server's values last seen. */
  seen: F;
  /** What the form counts its edits against: the server's values, or what a save sent. */
  base: F;
  form: F;
  /** Fields both the user and someone else changed: their saved value, shown beside the user's. */
  theirs: Partial<F>;
}

export const keptStart = <F extends object>(server: F): KeptState<F> => ({ seen: server, base: server, form: server, theirs: {} });

/**
 * A new answer from the server into a form being edited (docs/decisions/037): a field the user has
 * not changed takes the server's value; a field they changed keeps their text, and when the server's
 * value changed too it is remembered in `theirs`. Nothing the user typed is replaced.
 */
export function mergeServer<F extends object>(state: KeptState<F>, server: F): KeptState<F> {
  const form = { ...state.form };
  const theirs: Partial<F> = { ...state.theirs };
  for (const key of Object.keys(server) as (keyof F)[]) {
    const edited = !same(state.form[key], state.base[key]);
    if (!edited) form[key] = server[key];
    else if (!same(server[key], state.base[key]) && !same(server[key], state.form[key])) theirs[key] = server[key];
  }
  return { seen: server, base: server, form, theirs };
}

/**
 * Form state over server data that may change while the user types (a refetch, an upload's
 * answer, another person's save seen after a conflict): see mergeServer. `acknowledge` records
 * that the server now holds what was sent, so its answer (trimmed, say) replaces the sent fields.
 */
export function useKeptEdits<F extends object>(server: F) {
  const [state, setState] = useState(() => keptStart(server));
  let current = state;
  if (!same(server, state.seen)) {
    // Adjusting state while rendering (React's pattern for props that change), so no frame shows old values.
    current = mergeServer(state, server);
    setState(current);
  }
  const setForm = useCallback((next: F | ((form: F) => F)) => {
    setState((s) => ({ ...s, form: typeof next === 'function' ? (next as (form: F) => F)(s.form) : next }));
  }, []);
  const acknowledge = useCallback((sent: F) => setState((s) => ({ ...s, base: sent, theirs: {} })), []);
  /** Back to the server's values (Discard). */
  const reset = useCallback(() => setState((s) => keptStart(s.seen)), []);
  return { form: current.form, theirs: current.theirs, dirty: !same(current.form, current.base), setForm, acknowledge, reset };
}

/** Under each field both people changed: what the other person saved (the user's text stays in the field). */
export function theirNotes<F extends object>(theirs: Partial<F>): Partial<Record<keyof F & string, string>> {
  const notes: Partial<Record<keyof F & string, string>> = {};
  for (const [key, value] of Object.entries(theirs) as [keyof F & string, unknown][]) {
    notes[key] = typeof value === 'string'
      ? `Someone else saved “${value || '(empty)'}” here meanwhile. Saving keeps yours.`
      : 'Someone else changed this meanwhile. Saving keeps yours.';
  }
  return notes;
}
