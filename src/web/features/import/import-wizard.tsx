import { Button, Group, Stack, Stepper } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { TImport } from '../../../core/api/import.ts';
import { LoadingBlock } from '../../ui/loading-block.tsx';
import { useImport, useKeepImport } from './api.ts';
import { DryRunStep } from './dry-run-step.tsx';
import { MappingStep } from './mapping-step.tsx';
import { RunStep } from './run-step.tsx';
import { UploadStep } from './upload-step.tsx';

interface Props {
  /** The import to open at its step, or null to start one (upload). */
  importId: string | null;
  onClose(): void;
}

/** The step an import opens at, and the furthest it may go: the import only after a dry run of the saved mapping. */
function stepsOf(item: TImport): { opens: number; furthest: number } {
  if (item.status !== 'uploaded') return { opens: 3, furthest: 3 };
  return item.dryRun ? { opens: 2, furthest: 3 } : { opens: 1, furthest: 1 };
}

/** The import wizard (docs/decisions/094): upload → preview and mapping → dry run → import. */
export default function ImportWizard({ importId, onClose }: Props) {
  const [id, setId] = useState(importId);
  const keep = useKeepImport();
  return (
    <Stack gap="md">
      {id === null
        ? <Steps active={0}><UploadStep onUploaded={(answer) => { keep(answer); setId(answer.id); }} /></Steps>
        : <OpenImport id={id} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>Close the wizard</Button>
      </Group>
    </Stack>
  );
}

function OpenImport({ id }: { id: string }) {
  const loaded = useImport(id);
  const [step, setStep] = useState<number | null>(null);
  if (loaded.isError) return <Steps active={1}><p role="alert">The import could not be loaded: {loaded.error.message}</p></Steps>;
  if (!loaded.data) return <LoadingBlock label="Loading the import" h={200} />;
  const item = loaded.data;
  const { opens, furthest } = stepsOf(item);
  // Once importing has started the earlier steps are history: the wizard stays on the last step.
  const locked = item.status !== 'uploaded';
  const active = locked ? 3 : Math.min(step ?? opens, furthest);
  return (
    <Steps active={active} onStep={locked ? undefined : setStep} furthest={furthest}>
      {active === 1 && <MappingStep item={item} onDryRun={() => setStep(2)} />}
      {active === 2 && <DryRunStep item={item} onBack={() => setStep(1)} onNext={() => setStep(3)} />}
      {active === 3 && <RunStep item={item} />}
    </Steps>
  );
}

const STEPS = [
  { label: 'Upload', description: 'Choose the file' },
  { label: 'Preview and mapping', description: 'Who and what is who' },
  { label: 'Dry run', description: 'What would happen' },
  { label: 'Import', description: 'Save it all' },
];

/** The four steps' header, and the current step's body below it. */
function Steps({ active, onStep, furthest = active, children }: { active: number; onStep?(step: number): void; furthest?: number; children: ReactNode }) {
  return (
    <>
      <Stepper active={active} size="sm" onStepClick={onStep} allowNextStepsSelect={false}>
        {STEPS.map((s, index) => (
          <Stepper.Step key={s.label} label={s.label} description={s.description}
            allowStepSelect={Boolean(onStep) && index >= 1 && index <= furthest && index !== active} />
        ))}
      </Stepper>
      {children}
    </>
  );
}
