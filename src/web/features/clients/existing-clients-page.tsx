import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CASE_SEARCH_MIN } from '../../../core/cases/cases.ts';
import { useUser } from '../../shared/auth.tsx';
import { AddCaseModal } from './add-case-modal.tsx';
import { useCaseSearch, useClientSearch, useRecentCases } from './api.ts';
import { CaseResults } from './case-results.tsx';
import { ClientResults } from './client-results.tsx';

/** /existing-clients: find a complete client (or a case) and open their cases. */
export default function ExistingClientsPage() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const mode = params.get('by') === 'case' ? 'case' : 'client';
  const [q, setQ] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(q, 250);
  const ready = debounced.trim().length >= CASE_SEARCH_MIN;
  const clients = useClientSearch(mode === 'client' ? debounced : '');
  const cases = useCaseSearch(mode === 'case' ? debounced : '');
  const recent = useRecentCases(mode === 'case' && !ready);
  const [addCaseFor, setAddCaseFor] = useState<{ id: string; name: string } | null>(null);

  const setMode = (by: string) => setParams((p) => {
    p.set('by', by);
    return p;
  }, { replace: true });

  return (
    <Stack gap="lg">
      <Title order={2}>Existing clients</Title>
      <Paper withBorder p="md">
        <Stack>
          <Group align="flex-end">
            <SegmentedControl value={mode} onChange={setMode} data={[
              { value: 'client', label: 'Find a client' }, { value: 'case', label: 'Find a case' },
            ]} />
            <TextInput
              flex={1} maw={520} leftSection={<IconSearch size={16} />} value={q} onChange={(e) => setQ(e.currentTarget.value)}
              label={mode === 'client' ? 'Client or contact name' : 'File number, case name, client or contact name'}
              placeholder="At least 2 characters" data-autofocus
            />
          </Group>
          {!ready && <Text c="dimmed">Type at least 2 characters to search.</Text>}
          {!ready && mode === 'case' && (
            <>
              <Text fw={600}>Newest cases</Text>
              <CaseResults cases={recent.data?.cases ?? []} empty={recent.isLoading ? 'Loading cases…' : 'No cases yet.'} />
            </>
          )}
          {ready && mode === 'client' && (
            <ClientResults
              clients={clients.data?.clients ?? []}
              empty={clients.isLoading || clients.isPlaceholderData ? 'Searching…' : 'No complete client matches. Unfinished clients are in New Client Drafts.'}
              action={user.isAdmin ? (c) => <Button size="xs" variant="light" onClick={() => setAddCaseFor(c)}>Add case</Button> : undefined}
            />
          )}
          {ready && mode === 'case' && (
            <CaseResults cases={cases.data?.cases ?? []} empty={cases.isLoading || cases.isPlaceholderData ? 'Searching…' : 'No case matches.'} />
          )}
        </Stack>
      </Paper>
      <AddCaseModal client={addCaseFor} onClose={() => setAddCaseFor(null)} />
    </Stack>
  );
}
