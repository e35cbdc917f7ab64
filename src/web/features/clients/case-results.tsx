import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TCaseListItem } from '../../../core/api/clients.ts';
import { clientLabel } from '../../../core/cases/cases.ts';
import { formatUsDate } from '../../../core/smart-date.ts';

/** Case list rows (SPEC §3: a list item carries the case address and projectCount). */
export function CaseResults({ cases, empty }: { cases: TCaseListItem[]; empty: string }) {
  return (
    <Table striped verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>File number</Table.Th><Table.Th>Case name</Table.Th><Table.Th>Client</Table.Th><Table.Th>Attorney</Table.Th>
          <Table.Th>Case address</Table.Th><Table.Th>Projects</Table.Th><Table.Th>Opened</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cases.length === 0 && <Table.Tr><Table.Td colSpan={7}><Text c="dimmed">{empty}</Text></Table.Td></Table.Tr>}
        {cases.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td><Anchor component={Link} to={`/case/${c.id}`} fw={500}>{c.fileNumber}</Anchor></Table.Td>
            <Table.Td>{c.caseName || '—'}</Table.Td>
            <Table.Td>{clientLabel(c.client)}</Table.Td>
            <Table.Td>{c.attorneyName ?? '—'}</Table.Td>
            <Table.Td>{c.address || '—'}</Table.Td>
            <Table.Td>{c.projectCount}</Table.Td>
            <Table.Td>{formatUsDate(c.createdAt)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
