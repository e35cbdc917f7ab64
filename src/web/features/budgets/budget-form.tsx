import { Button, Group, NumberInput, SegmentedControl, Select, Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import type { TBudget, TCaseBudgets } from '../../../core/api/budgets.ts';
import { BUDGET_UNIT_LABELS, type BudgetUnit } from '../../../core/billing/budgets.ts';
import { readRefusal, type Refusal } from '../../lib/refusal.ts';
import { RefusalAlert, useFocusRefused } from '../../ui/refusal-alert.tsx';
import { useSaveBudget } from './api.ts';

type Field = 'projectId' | 'unit' | 'amount' | 'managerId';
const LABELS: Record<Field, string> = { projectId: 'Budget for', unit: 'Budget in', amount: 'Budget', managerId: 'Case manager' };
const WHOLE_CASE = 'case';

/**
 * Sets or changes one budget. What is typed stays through a refusal (the server's words shown by
 * field) until it saves; money is offered to super admins only.
 */
export function BudgetForm(props: {
  caseId: string; budget: TBudget | null; places: { value: string; label: string }[]; people: TCaseBudgets['people'];
  superAdmin: boolean; defaultManager: string | null; onDone(): void;
}) {
  const { budget, caseId } = props;
  const save = useSaveBudget(caseId);
  const [id] = useState(() => budget?.id ?? crypto.randomUUID());
  const [place, setPlace] = useState(budget?.projectId ?? props.places[0]?.value ?? WHOLE_CASE);
  const [unit, setUnit] = useState<BudgetUnit>(budget?.unit ?? 'hours');
  const [amount, setAmount] = useState<number | string>(budget?.amount ?? '');
  const [managerId, setManagerId] = useState<string | null>(budget ? budget.managerId : props.defaultManager);
  const [refusal, setRefusal] = useState<Refusal<Field> | null>(null);
  const container = useRef<HTMLFormElement>(null);
  useFocusRefused(container, refusal);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    try {
      await save.mutateAsync({
        id,
        body: {
          caseId, projectId: place === WHOLE_CASE ? null : place, unit, amount: typeof amount === 'number' ? amount : Number.NaN,
          managerId, version: budget?.version ?? null,
        },
      });
      props.onDone();
    } catch (error) {
      setRefusal(readRefusal(error, Object.keys(LABELS) as Field[]));
    }
  };

  return (
    <form ref={container} onSubmit={(e) => void submit(e)} aria-label={budget ? 'Change budget' : 'Set budget'}>
      <Stack gap="sm" maw={520}>
        <Select label={LABELS.projectId} data={props.places} value={place} allowDeselect={false} disabled={Boolean(budget)}
          onChange={(v) => v && setPlace(v)} error={refusal?.fields.projectId} />
        {props.superAdmin && (
          <div>
            <SegmentedControl aria-label={LABELS.unit} value={unit} onChange={(v) => setUnit(v as BudgetUnit)}
              data={[{ value: 'hours', label: BUDGET_UNIT_LABELS.hours }, { value: 'money', label: BUDGET_UNIT_LABELS.money }]} />
          </div>
        )}
        <NumberInput label={unit === 'money' ? 'Budget ($)' : 'Budget (hours)'} value={amount} onChange={setAmount} min={0}
          decimalScale={2} thousandSeparator="," prefix={unit === 'money' ? '$' : undefined} w={220}
          error={refusal?.fields.amount} aria-invalid={Boolean(refusal?.fields.amount)} />
        <Select label={LABELS.managerId} description="Gets the e-mails at 75 % and 100 % of the budget." clearable searchable
          data={props.people.map((p) => ({ value: p.id, label: p.name }))} value={managerId} onChange={setManagerId}
          error={refusal?.fields.managerId} w={320} />
        <RefusalAlert refusal={refusal} labels={LABELS} />
        <Group>
          <Button type="submit" loading={save.isPending}>Save budget</Button>
          <Button variant="default" onClick={props.onDone}>Cancel</Button>
        </Group>
      </Stack>
    </form>
  );
}
