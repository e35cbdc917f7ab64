import { Autocomplete, Button, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TProjectHit } from '../../core/api/projects.ts';
import { CASE_SEARCH_MIN } from '../../core/constants.ts';
import { searchProjects } from '../lib/project-search.ts';

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
  /** Where the hits come from: the server's project search unless told (a new field report also searches kept projects offline). */
  search?(q: string, signal?: AbortSignal): Promise<TProjectHit[]>;
}

const serverSearch = async (q: string, signal?: AbortSignal) => (await searchProjects(q, signal)).projects;

/**
 * A form's Project field (action items, field reports): searches like the project search box (number, name or
 * client; 10 matches), then shows the pick read-only with a Reset button.
 */
export function ProjectField({ value, onChange, error, search = serverSearch }: Props) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const hits = useQuery({
    queryKey: ['projects', 'search', debounced],
    queryFn: ({ signal }) => search(debounced, signal),
    enabled: debounced.length >= CASE_SEARCH_MIN && !value,
    staleTime: 30_000,
    // Asked offline too: a search that reads kept projects answers without a connection.
    networkMode: 'always',
  });
  const byLabel = useMemo(
    () => new Map((hits.data ?? []).map((h: TProjectHit) => [h.label, h])),
    [hits.data],
  );

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
