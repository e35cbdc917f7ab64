import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { FORM_FIELD_LABELS } from '../../../core/action-items.ts';
import type { TAssignableUser } from '../../../core/api/action-items.ts';
import { messageFor } from '../../../core/errors.ts';
import { formatStoredTime } from '../../../core/smart-time.ts';
import type { FormState } from './form-state.ts';

/** The form fields an edit sends (the project of an existing item does not change). */
const COMPARED = ['assignee', 'shortDescription', 'dueDate', 'startTime', 'endTime', 'location', 'url', 'longDescription'] as const;
type Compared = typeof COMPARED[number];

function shownValue(key: Compared, form: FormState, users: readonly TAssignableUser[], names: ReadonlyMap<string, string>) {
  const raw = form[key].trim();
  if (!raw) return '(empty)';
  if (key === 'assignee') return names.get(raw) ?? users.find((u) => u.id === raw)?.name ?? raw;
  if (key === 'startTime' || key === 'endTime') return formatStoredTime(raw) || raw;
  return raw;
}

/** The fields where the other person's saved item and this form differ. */
function conflictingFields(theirs: FormState, mine: FormState): Compared[] {
  return COMPARED.filter((key) => theirs[key].trim() !== mine[key].trim());
}

interface Props {
  theirs: FormState;
  /** The assignee name of their version (their assignee may not be assignable any more). */
  theirAssigneeName: string;
  mine: FormState;
  /** The values the form opened with: shows which of "your" values are really your edits. */
  opened: FormState;
  users: readonly TAssignableUser[];
  busy: boolean;
  onTakeTheirs(): void;
  onKeepMine(): void;
}

/**
 * Shown in the form when Update met someone else's newer save (409 EDIT_CONFLICT): their values
 * beside the user's, and an explicit choice. Nothing is overwritten without that choice.
 */
export function ConflictNotice({ theirs, theirAssigneeName, mine, opened, users, busy, onTakeTheirs, onKeepMine }: Props) {
  const fields = conflictingFields(theirs, mine);
  const names = new Map([[theirs.assignee, theirAssigneeName]]);
  return (
    <Alert color="orange" role="alert" icon={<IconAlertTriangle size={18} />} title="Someone else changed this action item">
      <Stack gap="sm">
        <Text size="sm">{messageFor('EDIT_CONFLICT')}</Text>
        {fields.length === 0 ? (
          <Text size="sm">Their changes do not touch the fields of this form (for example, they changed the status).</Text>
        ) : (
          <Table withTableBorder verticalSpacing={4} aria-label="Conflicting changes">
            <Table.Thead>
              <Table.Tr><Table.Th>Field</Table.Th><Table.Th>Their version</Table.Th><Table.Th>Your version</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((key) => (
                <Table.Tr key={key}>
                  <Table.Td fw={600}>{FORM_FIELD_LABELS[key]}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{shownValue(key, theirs, users, names)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
                    {shownValue(key, mine, users, names)}
                    {mine[key].trim() === opened[key].trim() && (
                      <Text span size="xs" c="dimmed"> (not changed by you; saving yours puts this back)</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onTakeTheirs} disabled={busy}>Use Their Version</Button>
          <Button color="orange" onClick={onKeepMine} loading={busy}>Save My Version</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
