import { Menu, Select } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { STATUS_LABELS, statusClass, type UiStatus } from '../../../core/action-items.ts';
import type { TActionItem, TAssignableUser } from '../../../core/api/action-items.ts';
import { RowIcon } from '../../ui/row-icon.tsx';
import { assigneeLabels } from './assignee-input.tsx';

const CLASS_COLOR = { active: 'blue', complete: 'green', rejected: 'gray' } as const;

/**
 * Status badge; clicking opens the menu of statuses plus Archive or Unarchive (SPEC §4). The menu
 * is built on the first click: a thousand closed menus would cost a thousand popovers.
 */
export function StatusCell({ item, onStatus, onArchive }: {
  item: TActionItem;
  onStatus(status: UiStatus): void;
  onArchive(): void;
}) {
  // Whose menu was built: a row given another item (the table's rows are places) shows a badge again.
  const [armedFor, setArmedFor] = useState<string | null>(null);
  const armed = armedFor === item.id;
  const color = CLASS_COLOR[statusClass(item.status)];
  const badge = (
    <button type="button" className="ai-plain" aria-label={`Status: ${STATUS_LABELS[item.status]}. Change status`}
      onClick={armed ? undefined : () => setArmedFor(item.id)}>
      <span className={`ai-badge status-${statusClass(item.status)}`} data-color={color}>{STATUS_LABELS[item.status]}</span>
    </button>
  );
  if (!armed) return badge;
  return (
    <Menu withinPortal position="bottom-start" shadow="md" defaultOpened>
      <Menu.Target>{badge}</Menu.Target>
      <Menu.Dropdown>
        {(Object.keys(STATUS_LABELS) as UiStatus[]).map((s) => (
          <Menu.Item key={s} onClick={() => s !== item.status && onStatus(s)}
            rightSection={s === item.status ? <IconCheck size={14} /> : null}>
            {STATUS_LABELS[s]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onArchive} leftSection={item.archived ? <IconArchiveOff size={14} /> : <IconArchive size={14} />}>
          {item.archived ? 'Unarchive' : 'Archive'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The assignee name; clicking swaps in a select of the assignable users (SPEC §4 Assignee change). */
export function AssigneeCell({ item, users, onAssign }: {
  item: TActionItem;
  users: readonly TAssignableUser[];
  onAssign(userId: string): void;
}) {
  // Whose assignee is being picked (rows are places, as in StatusCell).
  const [editingFor, setEditingFor] = useState<string | null>(null);
  const setEditing = (on: boolean) => setEditingFor(on ? item.id : null);
  if (editingFor !== item.id) {
    return (
      <button type="button" className="ai-plain ai-assignee" data-empty={item.assigneeName ? undefined : ''}
        onClick={() => setEditing(true)} aria-label={`Assignee: ${item.assigneeName || 'Unassigned'}. Change assignee`}>
        {item.assigneeName || 'Unassigned'}
      </button>
    );
  }
  const labels = assigneeLabels(users);
  return (
    <Select
      size="xs"
      aria-label="Assignee"
      searchable
      autoFocus
      defaultDropdownOpened
      data={users.map((u) => ({ value: u.id, label: labels.get(u.id) ?? u.name }))}
      value={item.assignee || null}
      onChange={(id) => {
        setEditing(false);
        // Ignored when empty or unchanged.
        if (id && id !== item.assignee) onAssign(id);
      }}
      onBlur={() => setEditing(false)}
      comboboxProps={{ withinPortal: true }}
      w={180}
    />
  );
}

/** The GCal column: a plain titled icon (a tooltip per row would cost a popover per row). */
export function GcalCell({ item }: { item: TActionItem }) {
  const label = item.gcalSynced ? 'Synced to Google Calendar' : 'Not synced to Google Calendar';
  return (
    <span role="img" aria-label={label} title={label} style={{ display: 'inline-flex' }}>
      <RowIcon name={item.gcalSynced ? 'calendar-check' : 'calendar-off'} />
    </span>
  );
}
