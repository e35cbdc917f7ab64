import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useClientDetail, useClientSearch } from './api.ts';

/** Client, then its case, then that case's project: each narrows the report. */
export function ClientCaseProjectFilters({ clientId, caseId, projectId, onChange }: {
  clientId?: string; caseId?: string; projectId?: string;
  onChange: (changes: Record<string, string | undefined>) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useClientSearch(debounced);
  const detail = useClientDetail(clientId);
  const clients = new Map((found.data?.clients ?? []).map((c) => [c.id, c.name]));
  if (detail.data) clients.set(detail.data.id, detail.data.name);
  const cases = detail.data?.cases ?? [];
  const projects = cases.find((c) => c.id === caseId)?.projects ?? [];
  return (
    <>
      <Select
        label="Client" placeholder="All clients (type to search)" searchable clearable w={220}
        data={[...clients].map(([value, label]) => ({ value, label }))}
        value={clientId ?? null} searchValue={search} onSearchChange={setSearch}
        nothingFoundMessage={debounced.trim().length < 2 ? 'Type at least 2 characters' : 'No clients found'}
        onChange={(value) => onChange({ clientId: value ?? undefined, caseId: undefined, projectId: undefined })}
      />
      <Select
        label="Case" placeholder={clientId ? 'All cases' : 'Choose a client first'} clearable disabled={!clientId} w={200}
        data={cases.map((c) => ({ value: c.id, label: `${c.fileNumber}${c.caseName ? ` — ${c.caseName}` : ''}` }))}
        value={caseId ?? null}
        onChange={(value) => onChange({ caseId: value ?? undefined, projectId: undefined })}
      />
      <Select
        label="Project" placeholder={caseId ? 'All projects' : 'Choose a case first'} clearable disabled={!caseId} w={200}
        data={projects.map((p) => ({ value: p.id, label: `${p.projectNumber} — ${p.projectName || 'Unnamed Project'}` }))}
        value={projectId ?? null}
        onChange={(value) => onChange({ projectId: value ?? undefined })}
      />
    </>
  );
}
