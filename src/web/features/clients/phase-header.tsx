import { Group, Progress, Stepper, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { CLIENT_PHASES, phaseLabel, PHASE_COMPLETION } from '../../../core/cases/cases.ts';

/** The title, the completion and the steps: rendered again when the phase or the completion changes, not at each key. */
export const PhaseHeader = memo(function PhaseHeader({ completion, index, reached, onStep }: {
  completion: number; index: number; reached: number; onStep(index: number): void;
}) {
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>New client</Title>
          <Text c="dimmed">Each step is saved when you continue; an unfinished client stays in New Client Drafts.</Text>
        </div>
        <div style={{ minWidth: 220 }}>
          <Text size="sm" fw={500}>{completion}% complete</Text>
          <Progress value={completion} aria-label="Completion" />
        </div>
      </Group>
      <Stepper active={index} onStepClick={onStep} allowNextStepsSelect={false}>
        {CLIENT_PHASES.map((p, i) => (
          <Stepper.Step key={p} label={phaseLabel(p)} description={`${PHASE_COMPLETION[p]}%`} allowStepSelect={i <= reached} />
        ))}
      </Stepper>
    </>
  );
});
