import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { TImportMapping } from '../../../core/api/import.ts';
import { useClientChoices, useClientProjects } from './choices.ts';

const CREATE = 'create';

/** A client of the file: one of the firm's (searched as typed) or 'Create "<name>"'. */
export function ClientSelect({ line, onChange }: { line: TImportMapping['clients'][number]; onChange(clientId: string | null): void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useClientChoices(debounced);
  // The chosen client stays among the options whatever the search shows.
  const known = useRef(new Map<string, string>());
  for (const option of found.data ?? []) known.current.set(option.value, option.label);
  const chosen = line.clientId ? { value: line.clientId, label: known.current.get(line.clientId) ?? line.name } : null;
  const options = found.data ?? [];
  const data = [{ value: CREATE, label: `Create “${line.name}”` },
    ...(chosen && !options.some((o) => o.value === chosen.value) ? [chosen] : []), ...options];
  return (
    <Select size="xs" searchable data={data} value={line.clientId ?? CREATE} allowDeselect={false}
      onSearchChange={setSearch} aria-label={`Casebook client for ${line.name}`} nothingFoundMessage="No client by that name"
      onChange={(value) => value && onChange(value === CREATE ? null : value)} />
  );
}

/** A project of the file: one of its client's projects, or a new one (always new for a new client). */
export function ProjectSelect({ line, clientId, onChange }: {
  line: TImportMapping['projects'][number]; clientId: string | null; onChange(projectId: string | null): void;
}) {
  const projects = useClientProjects(clientId);
  const create = { value: CREATE, label: `Create “${line.name}”` };
  const groups = projects.data ?? [];
  const listed = groups.some((g) => g.items.some((i) => i.value === line.projectId));
  const data = [create, ...(line.projectId && !listed ? [{ value: line.projectId, label: line.name }] : []), ...groups];
  return (
    <Select size="xs" searchable data={data} value={line.projectId ?? CREATE} allowDeselect={false} disabled={clientId === null}
      aria-label={`Casebook project for ${line.name}`}
      description={clientId === null ? 'A new client: its projects are new too' : undefined}
      onChange={(value) => value && onChange(value === CREATE ? null : value)} />
  );
}
