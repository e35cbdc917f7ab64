import { Button, Group, Pagination, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileText, IconNotes, IconPencilPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUser } from '../../shared/auth.tsx';
import { PAGE_SIZE, useClientSearch, useClients, useDrafts } from './api.ts';
import { ClientEditModal } from './client-edit-modal.tsx';
import { ClientResults } from './client-results.tsx';

/** /new-client (Client Management): the firm's complete clients, a search, and the ways to add one. */
export default function ClientManagementPage() {
  const user = useUser();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const [page, setPage] = useState(1);
  const searching = debounced.trim().length >= 2;
  const list = useClients((page - 1) * PAGE_SIZE);
  const search = useClientSearch(debounced);
  const drafts = useDrafts();
  const draftCount = drafts.data?.drafts.length ?? 0;
  const [editing, setEditing] = useState<string | null>(null);
  const edit = user.isAdmin
    ? (c: { id: string; name: string }) => (
      <Button size="xs" variant="light" onClick={() => setEditing(c.id)} aria-label={`Edit ${c.name}`}>Edit</Button>
    )
    : undefined;

  return (
    <Stack gap="lg">
      <Title order={2}>Client management</Title>
      {user.isAdmin && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Paper withBorder p="md">
            <Group gap="xs"><IconPencilPlus /><Text fw={600}>Step by step</Text></Group>
            <Text size="sm" c="dimmed" my="xs">Client, case, first project and review; each step is saved as you go.</Text>
            <Button component={Link} to="/clients/new">New client</Button>
          </Paper>
          <Paper withBorder p="md">
            <Group gap="xs"><IconFileText /><Text fw={600}>One page</Text></Group>
            <Text size="sm" c="dimmed" my="xs">The same details on a single form.</Text>
            <Button variant="light" component={Link} to="/clients/new-legacy">One-page form</Button>
          </Paper>
          <Paper withBorder p="md">
            <Group gap="xs"><IconNotes /><Text fw={600}>Unfinished</Text></Group>
            <Text size="sm" c="dimmed" my="xs">{draftCount === 1 ? '1 client is' : `${draftCount} clients are`} waiting to be finished.</Text>
            <Button variant="light" component={Link} to="/clients/drafts">Drafts ({draftCount})</Button>
          </Paper>
        </SimpleGrid>
      )}
      <Paper withBorder p="md">
        <Stack>
          <Group justify="space-between">
            <TextInput
              label="Search clients" placeholder="Client or contact name (at least 2 characters)" w={420}
              leftSection={<IconSearch size={16} />} value={q} onChange={(e) => setQ(e.currentTarget.value)}
            />
            <Text size="sm" c="dimmed">{searching ? `${search.data?.clients.length ?? 0} found (up to 20)` : `${list.data?.total ?? 0} clients`}</Text>
          </Group>
          {searching
            ? <ClientResults clients={search.data?.clients ?? []} empty={search.isLoading || search.isPlaceholderData ? 'Searching…' : 'No complete client matches.'} action={edit} />
            : <ClientResults clients={list.data?.clients ?? []} empty={list.isLoading ? 'Loading clients…' : 'No clients yet.'} action={edit} />}
          {!searching && (list.data?.total ?? 0) > PAGE_SIZE && (
            <Pagination total={Math.ceil((list.data?.total ?? 0) / PAGE_SIZE)} value={page} onChange={setPage} />
          )}
        </Stack>
      </Paper>
      {editing && <ClientEditModal clientId={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
