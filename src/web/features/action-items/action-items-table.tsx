import { Button, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArchive, IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { completedText, type SortKey, type SortState, type StatusFilter, type UiStatus } from '../../../core/action-items.ts';
import type { TActionItem, TAssignableUser } from '../../../core/api/action-items.ts';
import { AssigneeCell, GcalCell, StatusCell } from './row-cells.tsx';

interface Props {
  items: TActionItem[];
  sort: SortState;
  onSort(key: SortKey): void;
  statusFilter: StatusFilter;
  /** The dashboard lists every project: each row names its project. */
  showProject: boolean;
  users: readonly TAssignableUser[];
  emptyText: string;
  onStatus(item: TActionItem, status: UiStatus): void;
  onArchive(item: TActionItem): void;
  onAssign(item: TActionItem, userId: string): void;
  onEdit(item: TActionItem): void;
}

function SortHeader({ label, column, sort, onSort }: { label: string; column: SortKey; sort: SortState; onSort(k: SortKey): void }) {
  const active = sort.key === column;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} aria-label={`Sort by ${label}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">{label}</Text>
          <Icon size={14} color={active ? undefined : 'var(--mantine-color-gray-5)'} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The 9-column action items table (SPEC §2 Action items card). */
export function ActionItemsTable(props: Props) {
  const { items, sort, onSort, statusFilter, showProject, users, emptyText } = props;
  // Archived rows carry an icon only where archived and live items can appear together or alone.
  const markArchived = statusFilter === 'all' || statusFilter === 'archived';
  const head: ReactNode = (
    <Table.Tr>
      <SortHeader label="Assignee" column="assignee" sort={sort} onSort={onSort} />
      <Table.Th>Short Description</Table.Th>
      <Table.Th>Long Description</Table.Th>
      <SortHeader label="Date" column="dueDate" sort={sort} onSort={onSort} />
      <Table.Th>Time</Table.Th>
      <SortHeader label="Status" column="status" sort={sort} onSort={onSort} />
      <Table.Th>GCal</Table.Th>
      <SortHeader label="Completed" column="dateCompleted" sort={sort} onSort={onSort} />
      <Table.Th>Actions</Table.Th>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Action items">
        <Table.Thead>{head}</Table.Thead>
        <Table.Tbody>
          {items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}><Text c="dimmed" ta="center" py="md">{emptyText}</Text></Table.Td>
            </Table.Tr>
          )}
          {items.map((item) => (
            <Table.Tr key={item.id} data-item-id={item.id}>
              <Table.Td><AssigneeCell item={item} users={users} onAssign={(id) => props.onAssign(item, id)} /></Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {markArchived && item.archived && (
                    <Tooltip label="Archived">
                      <span role="img" aria-label="Archived" style={{ display: 'inline-flex' }}><IconArchive size={16} /></span>
                    </Tooltip>
                  )}
                  <Text size="sm" fw={500}>{item.shortDescription}</Text>
                </Group>
                {showProject && <Text size="xs" c="dimmed">{item.projectLabel} · {item.clientName}</Text>}
              </Table.Td>
              <Table.Td maw={280}><Text size="sm" lineClamp={2} title={item.longDescription}>{item.longDescription}</Text></Table.Td>
              <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{item.dueDate}</Text></Table.Td>
              <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{item.time}</Text></Table.Td>
              <Table.Td miw={120}>
                <StatusCell item={item} onStatus={(s) => props.onStatus(item, s)} onArchive={() => props.onArchive(item)} />
              </Table.Td>
              <Table.Td><GcalCell item={item} /></Table.Td>
              <Table.Td><Text size="sm" style={{ whiteSpace: 'nowrap' }}>{completedText(item)}</Text></Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="subtle" onClick={() => props.onEdit(item)}
                  aria-label={`Edit ${item.shortDescription}`}>Edit</Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
