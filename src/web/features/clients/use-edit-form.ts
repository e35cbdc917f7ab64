import { useRef, useState } from 'react';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { theirNotes, useKeptEdits } from '../../lib/kept-edits.ts';
import { readRefusal, withoutFields, type FieldErrors, type Refusal } from '../../lib/refusal.ts';
import { useFocusRefused } from '../../ui/refusal-alert.tsx';
import { isEditConflict, useInvalidateClients } from './api.ts';
import { changedKeys } from './field-notes.ts';

interface EditFormOptions<F, R> {
  /** The checks made before sending; their messages show only after a first save attempt. */
  problems(form: F): Partial<Record<keyof F, string>>;
  send(form: F): Promise<R>;
  /** Runs after the lists are refreshed; it may close the form or navigate away. */
  onSaved(result: R): void;
}

/**
 * The edit flow shared by the client, case and project forms (docs/decisions/037). Nothing typed is
 * lost: a refusal of any kind keeps the text and names its fields (under the field, in the alert,
 * the cursor in the first); a new answer from the server (a reload after an edit conflict) updates
 * only the fields the user has not changed, and shows beside a changed one what the other person saved.
 * A save in flight does not count as an unsaved edit, so a successful save may close the form or
 * navigate without the leave question.
 */
export function useEditForm<F extends object, R>(start: F, { problems, send, onSaved }: EditFormOptions<F, R>) {
  type Key = keyof F & string;
  const invalidate = useInvalidateClients();
  const kept = useKeptEdits(start);
  const [showErrors, setShowErrors] = useState(false);
  const [refusal, setRefusal] = useState<Refusal<Key> | null>(null);
  const [saving, setSaving] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  useUnsavedChanges(kept.dirty && !saving);
  useFocusRefused(container, refusal);

  const setForm = (next: F) => {
    setRefusal((r) => withoutFields(r, changedKeys(kept.form, next)));
    kept.setForm(next);
  };

  const save = async () => {
    const form = kept.form;
    if (Object.keys(problems(form)).length) {
      setShowErrors(true);
      // The same cursor move as a server refusal: to the first field named.
      setRefusal(null);
      requestAnimationFrame(() => container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      const result = await send(form);
      kept.acknowledge(form);
      await invalidate();
      onSaved(result);
    } catch (e) {
      setRefusal(readRefusal(e, Object.keys(start) as Key[]));
      if (isEditConflict(e)) await invalidate();
    } finally {
      setSaving(false);
    }
  };

  const errors: FieldErrors<Key> = {
    ...theirNotes(kept.theirs),
    ...refusal?.fields,
    ...(showErrors ? problems(kept.form) : {}),
  };
  /** Back to the saved values, with no error or problem showing (Discard, or a form that stays mounted when closed). */
  const reset = () => {
    kept.reset();
    setRefusal(null);
    setShowErrors(false);
  };
  return { form: kept.form, setForm, errors, refusal, container, saving, dirty: kept.dirty, save, reset };
}
