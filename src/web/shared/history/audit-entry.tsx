import { Badge, List, Text } from '@mantine/core';
import type { TAuditEntry } from '../../../core/api/audit.ts';
import { auditValueText } from '../../../core/audit.ts';

const ACTION_LABEL = { insert: 'Created', update: 'Changed', delete: 'Deleted' } as const;
const ACTION_COLOR = { insert: 'green', update: 'blue', delete: 'red' } as const;

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export function ActionBadge({ action }: { action: TAuditEntry['action'] }) {
  return <Badge variant="light" color={ACTION_COLOR[action]}>{ACTION_LABEL[action]}</Badge>;
}

/** The changed fields of one audit row: "field: before → after" (money only for super admins, by the server). */
export function ChangeList({ entry }: { entry: TAuditEntry }) {
  if (entry.changes.length === 0) return <Text size="sm" c="dimmed">No visible change</Text>;
  return (
    <List size="sm" spacing={2} listStyleType="none">
      {entry.changes.map((c) => (
        <List.Item key={c.field}>
          <Text span fw={600} size="sm">{c.field}</Text>
          <Text span size="sm">: </Text>
          {entry.action !== 'insert' && <Text span size="sm" td={entry.action === 'update' ? 'line-through' : undefined} c="dimmed">{auditValueText(c.before)}</Text>}
          {entry.action === 'update' && <Text span size="sm"> → </Text>}
          {entry.action !== 'delete' && <Text span size="sm">{auditValueText(c.after)}</Text>}
        </List.Item>
      ))}
    </List>
  );
}
