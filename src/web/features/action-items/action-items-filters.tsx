import { Group, Select } from '@mantine/core';
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
  return (
    <Group gap="sm">
      <Select
        label="Status"
        w={160}
        allowDeselect={false}
        data={STATUS_FILTER_OPTIONS}
        value={filter.status}
        onChange={(v) => v && onChange({ ...filter, status: v as StatusFilter })}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Assignee"
        w={220}
        allowDeselect={false}
        searchable
        data={people}
        // A chosen person whose last item went away: fall back to everyone.
        value={people.some((p) => p.value === filter.assignee) ? filter.assignee : 'all'}
        onChange={(v) => v && onChange({ ...filter, assignee: v })}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
