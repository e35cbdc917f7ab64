import { Autocomplete } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FORM_MESSAGES } from '../../../core/action-items.ts';
import type { TAssignableUser } from '../../../core/api/action-items.ts';
import { ASSIGNEE_SUGGESTIONS } from '../../../core/constants.ts';

/** The text shown for each user; e-mail added only where two people share a name. */
export function assigneeLabels(users: readonly TAssignableUser[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const u of users) counts.set(u.name, (counts.get(u.name) ?? 0) + 1);
  return new Map(users.map((u) => [u.id, (counts.get(u.name) ?? 0) > 1 ? `${u.name} (${u.email})` : u.name]));
}

interface Props {
  users: readonly TAssignableUser[];
  /** Selected user id or ''. */
  value: string;
  onChange(id: string): void;
  /** A problem from outside (a refused save); the typed name's own problem shows first. */
  error?: string;
}

/** Assignee autocomplete (SPEC §2): up to 10 suggestions; typed text must name a listed user. */
export function AssigneeInput({ users, value, onChange, error: refused }: Props) {
  const labels = useMemo(() => assigneeLabels(users), [users]);
  const byLabel = useMemo(() => new Map([...labels].map(([id, label]) => [label.toLowerCase(), id])), [labels]);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = text ?? (value ? labels.get(value) ?? '' : '');

  const resolve = (typed: string) => {
    const t = typed.trim();
    if (!t) {
      setError(null);
      onChange('');
      return;
    }
    const id = byLabel.get(t.toLowerCase());
    if (id) {
      setText(null);
      setError(null);
      onChange(id);
    } else {
      setError(FORM_MESSAGES.userNotFound);
      onChange('');
    }
  };

  return (
    <Autocomplete
      label="Assignee"
      placeholder="Start typing a name"
      withAsterisk
      data={[...labels.values()]}
      limit={ASSIGNEE_SUGGESTIONS}
      value={shown}
      error={error ?? refused}
      onChange={(v) => {
        setText(v);
        setError(null);
      }}
      onOptionSubmit={(v) => {
        setText(v);
        resolve(v);
      }}
      onBlur={() => resolve(shown)}
    />
  );
}
