import { Autocomplete, Button, Group, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ProjectSearchMode } from './search.ts';
import { useProjectSearch } from './use-project-search.ts';

export interface PickedProject {
  id: string;
  label: string;
  clientName: string;
}

interface Props {
  value: PickedProject | null;
  onChange(project: PickedProject | null): void;
  /** A problem from outside (a refused save). */
  error?: string;
  /** 'online' unless told: a new field report also searches the kept projects offline. */
  mode?: ProjectSearchMode;
}

/**
 * The project picker's form skin (action items, field reports): the one project search
 * (use-project-search.ts), then the pick shown read-only with a Reset button.
 */
export function ProjectField({ value, onChange, error, mode = 'online' }: Props) {
  const [text, setText] = useState('');
  const { hits } = useProjectSearch(text, { mode, enabled: !value });
  const byLabel = useMemo(() => new Map(hits.map((h) => [h.label, h])), [hits]);

  if (value) {
    return (
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label="Project" withAsterisk readOnly value={value.label} style={{ flex: 1 }} error={error} />
        <Button variant="default" onClick={() => {
          setText('');
          onChange(null);
        }}>Reset</Button>
      </Group>
    );
  }
  return (
    <Autocomplete
      label="Project"
      withAsterisk
      error={error}
      placeholder="Start typing case number, client name, or project name..."
      data={[...byLabel.keys()]}
      filter={({ options }) => options}
      value={text}
      onChange={setText}
      onOptionSubmit={(label) => {
        const hit = byLabel.get(label);
        if (hit) onChange({ id: hit.id, label: hit.label, clientName: hit.clientName });
      }}
    />
  );
}
