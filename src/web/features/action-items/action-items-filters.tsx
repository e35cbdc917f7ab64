import { Group, NativeSelect } from '@mantine/core';
import { STATUS_FILTER_OPTIONS, type ActionItemFilter, type StatusFilter } from '../../../core/action-items.ts';
import type { TActionItem } from '../../../core/api/action-items.ts';

/** People who have items in the list, by name: the assignee filter's choices. */
export function assigneeOptions(items: readonly TActionItem[]) {
  const names = new Map<string, string>();
  for (const i of items) if (i.assignee) names.set(i.assignee, i.assigneeName);
  return [
    { value: 'all', label: 'All Assignees' },
    ...[...names].map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' })),
  ];
}

export function ActionItemsFilters({ filter, onChange, items }: {
  filter: ActionItemFilter;
  onChange(filter: ActionItemFilter): void;
  items: readonly TActionItem[];
}) {
  const people = assigneeOptions(items);
  // Native selects: Mantine's Select scans the whole document (querySelectorAll('*'), for shadow
  // roots) on every open, move and pick, which with 1,000 rows on the page cost more than the
  // filtering itself (docs/decisions/036). A native select also types ahead to a name.
  return (
    <Group gap="sm">
      <NativeSelect
        label="Status"
        w={160}
        data={STATUS_FILTER_OPTIONS}
        value={filter.status}
        onChange={(e) => onChange({ ...filter, status: e.currentTarget.value as StatusFilter })}
      />
      <NativeSelect
        label="Assignee"
        w={220}
        data={people}
        // A chosen person whose last item went away: fall back to everyone.
        value={people.some((p) => p.value === filter.assignee) ? filter.assignee : 'all'}
        onChange={(e) => onChange({ ...filter, assignee: e.currentTarget.value })}
      />
    </Group>
  );
}
