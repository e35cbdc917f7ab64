import { ActionIcon, Alert, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { UNSAVED_CHANGES_QUESTION } from '../../../core/errors.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { ConfirmModal, DISCARD_CHANGES } from '../../ui/confirm-modal.tsx';
import { useCreateRateCode } from './api.ts';
import { parseRate } from './parse-rate.ts';

interface Row { key: number; jobType: string; rate: string; active: boolean }

let nextKey = 0;
const emptyRow = (): Row => ({ key: ++nextKey, jobType: '', rate: '', active: true });

/** Add Rate Code: name and code; a super admin also lists its job types with their hourly rates. */
export function NewRateCodeModal({ withItems, onClose }: { withItems: boolean; onClose(): void }) {
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [rows, setRows] = useState<Row[]>(withItems ? [emptyRow()] : []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmClose, setConfirmClose] = useState(false);
  const create = useCreateRateCode();
  const dirty = Boolean(name || code || rows.some((r) => r.jobType || r.rate));
  useUnsavedChanges(dirty);
  const close = () => (dirty ? setConfirmClose(true) : onClose());
  const setRow = (key: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = () => {
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = 'Rate code name is required';
    if (!code.trim()) next.code = 'Code is required';
    const used = rows.filter((r) => r.jobType.trim() || r.rate.trim());
    for (const r of used) {
      if (!r.jobType.trim()) next[`job-${r.key}`] = 'Job type is required';
      if (parseRate(r.rate) === null) next[`rate-${r.key}`] = 'Please enter a valid hourly rate';
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    create.mutate({
      name: name.trim(), code: code.trim(),
      items: used.map((r) => ({ jobType: r.jobType.trim(), rate: parseRate(r.rate)!, active: r.active })),
    }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={close} title="Add Rate Code" size="lg" closeOnClickOutside={!dirty}>
      <ConfirmModal opened={confirmClose} question={UNSAVED_CHANGES_QUESTION} confirmLabel={DISCARD_CHANGES} onYes={onClose} onNo={() => setConfirmClose(false)} />
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack gap="sm">
          {create.error && <Alert color="red" role="alert">{create.error.message}</Alert>}
          <Group grow align="flex-start">
            <TextInput label="Name" required data-autofocus value={name} error={errors.name} placeholder="e.g. Standard Consulting"
              onChange={(e) => setName(e.currentTarget.value)} />
            <TextInput label="Code" required value={code} error={errors.code} placeholder="e.g. STD" maxLength={50}
              onChange={(e) => setCode(e.currentTarget.value)} />
          </Group>
          {withItems ? (
            <>
              <Text fw={500} size="sm">Job types</Text>
              <Table withRowBorders={false} verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr><Table.Th>Job type</Table.Th><Table.Th w={150}>Hourly rate</Table.Th><Table.Th w={70}>Active</Table.Th><Table.Th w={40} /></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r, i) => (
                    <Table.Tr key={r.key}>
                      <Table.Td>
                        <TextInput aria-label={`Job type ${i + 1}`} value={r.jobType} error={errors[`job-${r.key}`]}
                          onChange={(e) => setRow(r.key, { jobType: e.currentTarget.value })} />
                      </Table.Td>
                      <Table.Td>
                        <TextInput aria-label={`Hourly rate ${i + 1}`} leftSection="$" inputMode="decimal" value={r.rate}
                          error={errors[`rate-${r.key}`]} onChange={(e) => setRow(r.key, { rate: e.currentTarget.value })} />
                      </Table.Td>
                      <Table.Td>
                        <Checkbox aria-label={`Active ${i + 1}`} checked={r.active} onChange={(e) => setRow(r.key, { active: e.currentTarget.checked })} />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon variant="subtle" color="red" aria-label={`Remove job type ${i + 1}`}
                          onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group>
                <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setRows((rs) => [...rs, emptyRow()])}>
                  Add Job Type
                </Button>
              </Group>
            </>
          ) : (
            <Text size="sm" c="dimmed">Job types are added by a super admin, because each one needs an hourly rate.</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" loading={create.isPending}>Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
