import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TClientListItem } from '../../../core/api/clients.ts';

/** Clients with their cases as links; the cases are what staff open from here. */
export function ClientResults({ clients, empty, action }: {
  clients: TClientListItem[];
  empty: string;
  action?: (c: TClientListItem) => React.ReactNode;
}) {
  return (
    <Table striped verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Client</Table.Th><Table.Th>Contact</Table.Th><Table.Th>E-mail / phone</Table.Th><Table.Th>Cases</Table.Th>
          {action && <Table.Th />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {clients.length === 0 && <Table.Tr><Table.Td colSpan={5}><Text c="dimmed">{empty}</Text></Table.Td></Table.Tr>}
        {clients.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td>
              <Text fw={500}>{c.name}</Text>
              <Badge size="xs" variant="light">{c.isBusinessClient ? 'Business' : 'Personal'}</Badge>
            </Table.Td>
            <Table.Td>{c.contactName ?? '—'}</Table.Td>
            <Table.Td><Text size="sm">{c.email ?? '—'}</Text><Text size="sm" c="dimmed">{c.phone ?? ''}</Text></Table.Td>
            <Table.Td>
              <Stack gap={2}>
                {c.cases.length === 0 && <Text size="sm" c="dimmed">No cases</Text>}
                {c.cases.map((k) => (
                  <Anchor key={k.id} component={Link} to={`/case/${k.id}`} size="sm">
                    {k.fileNumber}{k.caseName ? ` — ${k.caseName}` : ''}
                  </Anchor>
                ))}
              </Stack>
            </Table.Td>
            {action && <Table.Td><Group justify="flex-end">{action(c)}</Group></Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
