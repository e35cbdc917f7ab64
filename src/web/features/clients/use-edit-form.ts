import { useState } from 'react';
import { useUnsavedChanges } from '../../app/unsaved-changes.tsx';
import { isEditConflict, useInvalidateClients } from './api.ts';
import { same } from './forms.ts';

interface EditFormOptions<F, R> {
  /** The checks made before sending; their messages show only after a first save attempt. */
  problems(form: F): Partial<Record<keyof F, string>>;
  send(form: F): Promise<R>;
  /** Runs after the lists are refreshed; it may close the form or navigate away. */
  onSaved(result: R): void;
}

/**
 * The edit flow shared by the client, case and project forms. A save in flight does not count as an
 * unsaved edit, so a successful save may close the form or navigate without the leave question; an
 * edit conflict reloads the data so the next attempt is made against the other person's version.
 */
export function useEditForm<F, R>(start: F, { problems, send, onSaved }: EditFormOptions<F, R>) {
  const invalidate = useInvalidateClients();
  const [form, setForm] = useState<F>(start);
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const dirty = !same(form, start);
  useUnsavedChanges(dirty && !saving);

  const save = async () => {
    if (Object.keys(problems(form)).length) return setShowErrors(true);
    setSaving(true);
    setError(null);
    try {
      const result = await send(form);
      await invalidate();
      onSaved(result);
    } catch (e) {
      setError(e);
      if (isEditConflict(e)) await invalidate();
    } finally {
      setSaving(false);
    }
  };
  /** Back to the starting values, with no error or problem showing (a form that stays mounted when closed). */
  const reset = () => {
    setForm(start);
    setError(null);
    setShowErrors(false);
  };
  return { form, setForm, errors: showErrors ? problems(form) : {}, error, saving, dirty, save, reset };
}
