import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Address } from '../../../core/address.ts';

export interface Column<T> { header: string; cell(row: T): React.ReactNode }

export const addressText = (a: Address | null) => a?.fullAddress || '—';

/** A plain list of records with Edit and Delete for those who may write. */
export function RecordTable<T extends { id: string; name: string }>({ rows, columns, canWrite, empty, kind, onEdit, onDelete }: {
  rows: T[];
  columns: Column<T>[];
  canWrite: boolean;
  empty: string;
  kind: string;
  onEdit(row: T): void;
  onDelete(row: T): void;
}) {
  if (rows.length === 0) return <Text c="dimmed" py="lg" ta="center">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => <Table.Th key={c.header}>{c.header}</Table.Th>)}
            {canWrite && <Table.Th w={90}><VisuallyHidden>Actions</VisuallyHidden></Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((c) => <Table.Td key={c.header}>{c.cell(row)}</Table.Td>)}
              {canWrite && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit">
                      <ActionIcon variant="subtle" aria-label={`Edit ${kind} ${row.name}`} onClick={() => onEdit(row)}>
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${kind} ${row.name}`} onClick={() => onDelete(row)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
