import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useKeptEdits } from '../lib/kept-edits.ts';
import { ApiError } from '../lib/transport.ts';
import { useUnsavedChanges } from './unsaved-changes.tsx';

/**
 * A settings form saved whole with the version it was read at (docs/decisions/037): what the user
 * chose survives a reload; a save marks the form saved until the next edit; an edit conflict loads
 * the other person's version (`reload`) and the next Save goes against it, the user's choices kept.
 * `others` are mutations whose answer an edit makes stale (a Test button's result, say).
 */
export function useVersionedSettingsForm<D extends object>(options: {
  server: D;
  version: number;
  save: Pick<UseMutationResult<unknown, Error, D & { version: number }>, 'mutate' | 'reset'>;
  reload(): void;
  others?: { reset(): void }[];
}) {
  const { server, version, save, reload, others = [] } = options;
  const kept = useKeptEdits(server);
  const [done, setDone] = useState(false);
  useUnsavedChanges(kept.dirty);
  const set = (patch: Partial<D>) => {
    setDone(false);
    save.reset();
    for (const other of others) other.reset();
    kept.setForm((d) => ({ ...d, ...patch }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sent = kept.form;
    save.mutate({ ...sent, version }, {
      onSuccess: () => {
        kept.acknowledge(sent);
        setDone(true);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'EDIT_CONFLICT') reload();
      },
    });
  };
  return { draft: kept.form, dirty: kept.dirty, saved: done && !kept.dirty, set, submit };
}
