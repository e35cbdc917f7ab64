import { Alert, Badge, Button, Group, Paper, Progress, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { TBudget } from '../../../core/api/budgets.ts';
import { formatCurrency } from '../../../core/money.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { useUser } from '../../shared/auth.tsx';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { useCaseBudgets, useDeleteBudget } from './api.ts';
import { useQuerySettled } from '../../ui/settle-together.tsx';

// The form (number input, unit switch) loads when it is opened: the case page's first load stays small.
const BudgetForm = lazy(() => import('./budget-form.tsx').then((m) => ({ default: m.BudgetForm })));

const amountText = (b: TBudget, value: number | null) =>
  value === null ? '—' : b.unit === 'money' ? formatCurrency(value) : `${value.toFixed(1)} h`;

const color = (percent: number) => (percent >= 100 ? 'red' : percent >= 75 ? 'orange' : 'teal');

/**
 * Budgets of a case and its projects (issue 41), on the case page; on a project's page, that
 * project's only. A money budget shows its amounts to super admins only; others read the percentage.
 */
export function BudgetsSection({ caseId, projectId, projects }: {
  caseId: string; projectId?: string; projects: { id: string; projectNumber: string; displayName: string }[];
}) {
  const user = useUser();
  const budgets = useCaseBudgets(caseId);
  useQuerySettled(budgets);
  const remove = useDeleteBudget(caseId);
  const [editing, setEditing] = useState<{ budget: TBudget | null } | null>(null);
  const [confirm, setConfirm] = useState<TBudget | null>(null);
  const shown = (budgets.data?.budgets ?? []).filter((b) => !projectId || b.projectId === projectId);
  const taken = new Set((budgets.data?.budgets ?? []).map((b) => b.projectId ?? 'case'));
  const places = [
    ...(projectId ? [] : [{ value: 'case', label: 'The whole case' }]),
    ...projects.filter((p) => !projectId || p.id === projectId).map((p) => ({ value: p.id, label: `Project ${p.projectNumber} — ${p.displayName}` })),
  ].filter((p) => !taken.has(p.value));
  const label = (b: TBudget) => (b.projectId ? `Project ${b.projectNumber}` : 'Whole case');

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="budgets-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} id="budgets-title">Budgets</Title>
        {user.isAdmin && !editing && places.length > 0 && (
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setEditing({ budget: null })}>Set budget</Button>
        )}
      </Group>
      {budgets.error && <Alert color="red" role="alert">{budgets.error.message}</Alert>}
      {remove.error && <Alert color="red" role="alert">{remove.error.message}</Alert>}
      {budgets.data && shown.length === 0 && !editing && <Text c="dimmed">No budget is set.</Text>}
      {shown.length > 0 && (
        <Table.ScrollContainer minWidth={520} mb={editing ? 'md' : 0}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>For</Table.Th><Table.Th>Budget</Table.Th><Table.Th>Used</Table.Th><Table.Th miw={160}>% used</Table.Th>
                <Table.Th>Case manager</Table.Th><Table.Th>Alerts</Table.Th><Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>{label(b)}</Table.Td>
                  <Table.Td>{b.amount === null ? <Text size="sm" c="dimmed">Money budget</Text> : amountText(b, b.amount)}</Table.Td>
                  <Table.Td>{amountText(b, b.used)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>{b.percent.toFixed(1)} %</Text>
                    <Progress value={Math.min(100, b.percent)} color={color(b.percent)} aria-label={`${label(b)}: ${b.percent.toFixed(1)} % of the budget used`} />
                  </Table.Td>
                  <Table.Td>{b.managerName ?? '—'}</Table.Td>
                  <Table.Td>
                    {b.alerts.length === 0 ? '—' : b.alerts.map((a) => (
                      <Badge key={a.threshold} color={a.threshold >= 100 ? 'red' : 'orange'} variant="light" mr={4}>
                        {a.threshold} % reached {formatUsDate(a.at)}
                      </Badge>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    {user.isAdmin && b.editable && !editing && (
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button size="xs" variant="light" onClick={() => setEditing({ budget: b })} aria-label={`Change budget: ${label(b)}`}>Change</Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => setConfirm(b)} aria-label={`Delete budget: ${label(b)}`}>Delete</Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && budgets.data && (
        <Suspense fallback={null}>
          <BudgetForm caseId={caseId} budget={editing.budget} superAdmin={user.isSuperAdmin} people={budgets.data.people}
            places={editing.budget ? [{ value: editing.budget.projectId ?? 'case', label: label(editing.budget) }] : places}
            defaultManager={user.id} onDone={() => setEditing(null)} />
        </Suspense>
      )}
      <ConfirmModal opened={confirm !== null} question={`Delete the budget of ${confirm ? label(confirm).toLowerCase() : ''}?`}
        confirmLabel="Delete budget" onYes={() => { if (confirm) remove.mutate(confirm.id); setConfirm(null); }} onNo={() => setConfirm(null)} />
    </Paper>
  );
}
