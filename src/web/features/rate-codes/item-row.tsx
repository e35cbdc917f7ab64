import { ActionIcon, Badge, Button, Group, NativeSelect, Switch, Table, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TPricedRateCodeItem, TRateCodeItem } from '../../../core/api/rate-codes.ts';
import { EVENT_KIND_LABELS, EVENT_KINDS, type EventKind } from '../../../core/billing/fee-rules.ts';
import { formatCurrency } from '../../../core/money.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { reportError } from '../../lib/error-store.ts';
import { useUpdateRateCodeItem } from './api.ts';
import { parseRate } from './parse-rate.ts';

type Item = TRateCodeItem & Partial<Pick<TPricedRateCodeItem, 'rate'>>;

/** One job type: name, rate (super admin only), active switch; edited in place by admins. */
export function ItemRow({ rateCodeId, item, showRates, canWrite, onDelete }: {
  rateCodeId: string;
  item: Item;
  showRates: boolean;
  canWrite: boolean;
  onDelete(): void;
}) {
  const [editing, setEditing] = useState(false);
  const [jobType, setJobType] = useState(item.jobType);
  const [rate, setRate] = useState(item.rate ?? '');
  const [error, setError] = useState<{ jobType?: string; rate?: string }>({});
  const [active, setActive] = useState(item.active);
  const [eventKind, setEventKind] = useState(item.eventKind ?? '');
  const update = useUpdateRateCodeItem();
  useUnsavedChanges(editing && (jobType !== item.jobType || rate !== (item.rate ?? '') || eventKind !== (item.eventKind ?? '')));

  const save = (patch: { active?: boolean } = {}) => {
    const parsed = showRates ? parseRate(rate) : null;
    const problems = {
      jobType: editing && !jobType.trim() ? 'Job type is required' : undefined,
      rate: editing && showRates && parsed === null ? 'Please enter a valid hourly rate' : undefined,
    };
    setError(problems);
    if (problems.jobType || problems.rate) return;
    update.mutate({
      id: rateCodeId, itemId: item.id,
      body: {
        jobType: editing ? jobType.trim() : item.jobType,
        active: patch.active ?? item.active,
        version: item.version,
        ...(editing ? { eventKind: eventKind === '' ? null : eventKind as EventKind } : {}),
        // Only a super admin sends a rate; the server refuses one from anybody else.
        ...(editing && showRates && parsed !== null ? { rate: parsed } : {}),
      },
    }, {
      onSuccess: () => setEditing(false),
      onError: (e) => {
        setActive(item.active);
        reportError(e, { screen: 'rate-codes', action: 'update job type' });
      },
    });
  };

  return (
    <Table.Tr>
      <Table.Td>
        {editing ? (
          <TextInput size="xs" aria-label="Job type" value={jobType} error={error.jobType} onChange={(e) => setJobType(e.currentTarget.value)} />
        ) : (
          <Group gap="xs">
            <Text size="sm" c={active ? undefined : 'dimmed'}>{item.jobType}</Text>
            {!active && <Badge size="xs" color="gray" variant="light">Inactive</Badge>}
          </Group>
        )}
      </Table.Td>
      {showRates && (
        <Table.Td>
          {editing ? (
            <TextInput size="xs" aria-label="Hourly rate" leftSection="$" w={130} value={rate} error={error.rate}
              inputMode="decimal" onChange={(e) => setRate(e.currentTarget.value)} />
          ) : (
            <Text size="sm" c={active ? undefined : 'dimmed'}>{formatCurrency(item.rate === undefined ? null : Number(item.rate))}</Text>
          )}
        </Table.Td>
      )}
      <Table.Td>
        {editing ? (
          <NativeSelect size="xs" aria-label="Event type" value={eventKind} onChange={(e) => setEventKind(e.currentTarget.value)}
            data={[{ value: '', label: 'None' }, ...EVENT_KINDS.map((k) => ({ value: k, label: EVENT_KIND_LABELS[k] }))]} />
        ) : (
          <Text size="sm" c="dimmed">{item.eventKind ? EVENT_KIND_LABELS[item.eventKind] : '—'}</Text>
        )}
      </Table.Td>
      <Table.Td>
        {canWrite ? (
          <Switch
            label={<VisuallyHidden>{item.jobType} active</VisuallyHidden>} checked={active} disabled={update.isPending}
            onChange={(e) => {
              // Shown at once; put back if the server refuses.
              const next = e.currentTarget.checked;
              setActive(next);
              save({ active: next });
            }}
          />
        ) : (
          // Read-only: a disabled switch would look the same either way.
          <Text size="sm" c={active ? undefined : 'dimmed'}>{active ? 'Yes' : 'No'}</Text>
        )}
      </Table.Td>
      {canWrite && (
        <Table.Td>
          {editing ? (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-xs" onClick={() => save()} loading={update.isPending}>Save</Button>
              <Button size="compact-xs" variant="default" onClick={() => {
                setEditing(false);
                setJobType(item.jobType);
                setRate(item.rate ?? '');
                setEventKind(item.eventKind ?? '');
                setError({});
              }}>Cancel</Button>
            </Group>
          ) : (
            <Group gap={4} wrap="nowrap">
              <Tooltip label="Edit">
                <ActionIcon variant="subtle" aria-label={`Edit job type ${item.jobType}`} onClick={() => {
                  setJobType(item.jobType);
                  setRate(item.rate ?? '');
                  setEditing(true);
                }}>
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon variant="subtle" color="red" aria-label={`Delete job type ${item.jobType}`} onClick={onDelete}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}
