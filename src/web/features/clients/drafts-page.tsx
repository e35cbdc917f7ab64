import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TDraft } from '../../../core/api/clients.ts';
import { clientLabel, phaseLabel } from '../../../core/cases/cases.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { useUser } from '../../shared/auth.tsx';
import { reportError } from '../../lib/error-store.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { deleteClient, useDrafts, useInvalidateClients } from './api.ts';

/** /clients/drafts: clients below 100 with how far they got; resume or delete. */
export default function DraftsPage() {
  const drafts = useDrafts();
  const user = useUser();
  const invalidate = useInvalidateClients();
  const [toDelete, setToDelete] = useState<TDraft | null>(null);

  const remove = async (draft: TDraft) => {
    setToDelete(null);
    try {
      await deleteClient(draft.id);
      await invalidate();
    } catch (error) {
      reportError(error, { screen: 'drafts', action: 'delete' });
    }
  };

  const list = drafts.data?.drafts ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={2}>New client drafts</Title>
          <Text c="dimmed">Clients whose set-up was not finished. They are not listed or searchable until complete.</Text>
        </div>
        {user.isAdmin && <Button component={Link} to="/clients/new">New client</Button>}
      </Group>
      <Paper withBorder>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Client</Table.Th><Table.Th>Case</Table.Th><Table.Th w={200}>Progress</Table.Th>
              <Table.Th>Next step</Table.Th><Table.Th>Last changed</Table.Th><Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {drafts.isLoading && <Table.Tr><Table.Td colSpan={6}>Loading drafts…</Table.Td></Table.Tr>}
            {drafts.error && <Table.Tr><Table.Td colSpan={6}>The drafts could not be loaded.</Table.Td></Table.Tr>}
            {drafts.isSuccess && list.length === 0 && (
              <Table.Tr><Table.Td colSpan={6}><Text c="dimmed">No drafts. Every client has been finished.</Text></Table.Td></Table.Tr>
            )}
            {list.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Text fw={500}>{clientLabel(d)}</Text>
                  <Badge size="xs" variant="light">{d.isBusinessClient ? 'Business' : 'Personal'}</Badge>
                </Table.Td>
                <Table.Td>{d.caseFileNumber ?? <Text c="dimmed" size="sm">No case yet</Text>}</Table.Td>
                <Table.Td>
                  <Text size="sm">{d.completionPercentage}%</Text>
                  <Progress value={d.completionPercentage} aria-label={`${clientLabel(d)} completion`} />
                </Table.Td>
                <Table.Td>{phaseLabel(d.resumePhase)}</Table.Td>
                <Table.Td>{formatUsDate(d.updatedAt)}</Table.Td>
                <Table.Td>
                  {user.isAdmin && (
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" leftSection={<IconPlayerPlay size={14} />} component={Link}
                        to={`/clients/new?draft=${d.id}`} aria-label={`Resume ${clientLabel(d)}`}>Resume</Button>
                      <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />}
                        onClick={() => setToDelete(d)} aria-label={`Delete ${clientLabel(d)}`}>Delete</Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Text size="sm" c="dimmed">Looking for a finished client? <Anchor component={Link} to="/existing-clients" underline="always">Search existing clients</Anchor>.</Text>
      <ConfirmModal
        opened={toDelete !== null}
        question={toDelete ? `Delete the draft "${clientLabel(toDelete)}"? Its case and project are deleted too. This cannot be undone.` : ''}
        confirmLabel="Delete draft"
        onYes={() => toDelete && remove(toDelete)}
        onNo={() => setToDelete(null)}
      />
    </Stack>
  );
}
