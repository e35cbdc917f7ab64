import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TPricedRateCode, TRateCode } from '../../../core/api/rate-codes.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { reportError } from '../../lib/error-store.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { useAddRateCodeItem, useDeleteRateCode, useDeleteRateCodeItem, useUpdateRateCode } from './api.ts';
import { FeeRulesSection } from './fee-rules-section.tsx';
import { ItemRow } from './item-row.tsx';
import { RateChangesSection } from './rate-changes-section.tsx';
import { parseRate } from './parse-rate.ts';

type Code = TRateCode | TPricedRateCode;

/** One rate code: its name and code, the cases using it, and its job types. */
export function RateCodeCard({ code, showRates, canWrite }: { code: Code; showRates: boolean; canWrite: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(code.name);
  const [codeText, setCodeText] = useState(code.code);
  const [newJob, setNewJob] = useState({ jobType: '', rate: '' });
  const [newErrors, setNewErrors] = useState<{ jobType?: string; rate?: string }>({});
  const [confirm, setConfirm] = useState<{ question: string; label: string; run(): void } | null>(null);
  const update = useUpdateRateCode();
  const remove = useDeleteRateCode();
  const addItem = useAddRateCodeItem();
  const removeItem = useDeleteRateCodeItem();
  useUnsavedChanges((renaming && (name !== code.name || codeText !== code.code)) || Boolean(newJob.jobType || newJob.rate));
  const fail = (action: string) => (e: unknown) => reportError(e, { screen: 'rate-codes', action });

  const saveName = () => {
    if (!name.trim() || !codeText.trim()) return;
    update.mutate({ id: code.id, body: { name: name.trim(), code: codeText.trim(), version: code.version } }, {
      onSuccess: () => setRenaming(false), onError: fail('rename'),
    });
  };

  const add = () => {
    const rate = parseRate(newJob.rate);
    const problems = {
      jobType: newJob.jobType.trim() ? undefined : 'Job type is required',
      rate: rate === null ? 'Please enter a valid hourly rate' : undefined,
    };
    setNewErrors(problems);
    if (problems.jobType || problems.rate) return;
    addItem.mutate({ id: code.id, body: { jobType: newJob.jobType.trim(), rate: rate!, active: true } }, {
      onSuccess: () => setNewJob({ jobType: '', rate: '' }), onError: fail('add job type'),
    });
  };

  return (
    <Card withBorder padding="md" aria-label={`Rate code ${code.code}`} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          {renaming ? (
            <Group gap="xs" align="flex-start">
              <TextInput size="xs" aria-label="Rate code name" value={name} error={name.trim() ? null : 'Rate code name is required'}
                onChange={(e) => setName(e.currentTarget.value)} />
              <TextInput size="xs" aria-label="Code" w={110} value={codeText} error={codeText.trim() ? null : 'Code is required'}
                onChange={(e) => setCodeText(e.currentTarget.value)} />
              <Button size="xs" onClick={saveName} loading={update.isPending}>Save</Button>
              <Button size="xs" variant="default" onClick={() => setRenaming(false)}>Cancel</Button>
            </Group>
          ) : (
            <Group gap="sm">
              <Title order={4}>{code.name}</Title>
              <Badge variant="light">{code.code}</Badge>
              <Text size="sm" c="dimmed">{code.caseCount === 1 ? 'Used by 1 case' : `Used by ${code.caseCount} cases`}</Text>
            </Group>
          )}
          {canWrite && !renaming && (
            <Group gap={4} wrap="nowrap">
              <Tooltip label="Edit name and code">
                <ActionIcon variant="subtle" aria-label={`Edit rate code ${code.code}`} onClick={() => {
                  setName(code.name);
                  setCodeText(code.code);
                  setRenaming(true);
                }}><IconPencil size={16} /></ActionIcon>
              </Tooltip>
              <Tooltip label="Delete rate code">
                <ActionIcon variant="subtle" color="red" aria-label={`Delete rate code ${code.code}`} onClick={() => setConfirm({
                  question: `Delete rate code ${code.code} and its job types?`, label: 'Delete rate code',
                  run: () => remove.mutate(code.id, { onError: fail('delete') }),
                })}><IconTrash size={16} /></ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        {code.items.length === 0 ? (
          <Text size="sm" c="dimmed">No job types yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={460} type="native">
          <Table verticalSpacing={4} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job type</Table.Th>
                {showRates && <Table.Th w={160}>Hourly rate</Table.Th>}
                <Table.Th w={130}>Event</Table.Th>
                <Table.Th w={80}>Active</Table.Th>
                {canWrite && <Table.Th w={120} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {code.items.map((item) => (
                <ItemRow key={`${item.id}-${item.version}`} rateCodeId={code.id} item={item} showRates={showRates} canWrite={canWrite}
                  onDelete={() => setConfirm({
                    question: `Delete job type ${item.jobType} from ${code.code}?`, label: 'Delete job type',
                    run: () => removeItem.mutate({ id: code.id, itemId: item.id }, { onError: fail('delete job type') }),
                  })} />
              ))}
            </Table.Tbody>
          </Table>
          </Table.ScrollContainer>
        )}
        {canWrite && showRates && (
          <Group gap="xs" align="flex-start">
            <TextInput size="xs" placeholder="New job type" aria-label={`New job type for ${code.code}`} value={newJob.jobType}
              error={newErrors.jobType} onChange={(e) => setNewJob((j) => ({ ...j, jobType: e.currentTarget.value }))} />
            <TextInput size="xs" placeholder="Hourly rate" aria-label={`Hourly rate for the new job type of ${code.code}`} leftSection="$"
              w={130} inputMode="decimal" value={newJob.rate} error={newErrors.rate}
              onChange={(e) => setNewJob((j) => ({ ...j, rate: e.currentTarget.value }))} />
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={add} loading={addItem.isPending}>
              Add Job Type
            </Button>
          </Group>
        )}
        {showRates && 'feeRules' in code && <FeeRulesSection code={code} />}
        {showRates && 'feeRules' in code && <RateChangesSection code={code} />}
      </Stack>
      <ConfirmModal
        opened={confirm !== null} question={confirm?.question ?? ''} confirmLabel={confirm?.label ?? ''}
        onYes={() => {
          confirm?.run();
          setConfirm(null);
        }}
        onNo={() => setConfirm(null)}
      />
    </Card>
  );
}
