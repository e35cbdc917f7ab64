import { Alert, Anchor, Button, Card, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconCheck, IconPlayerSkipForward } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import type { TFirstRunState } from '../../../core/api/first-run.ts';
import { FIRST_RUN_STEP_INFO, FIRST_RUN_STEPS, FIRST_RUN_TEXT, nextStep, type FirstRunStep, type StepOutcome } from '../../../core/accounts/first-run.ts';
import { UNSAVED_CHANGES_QUESTION } from '../../../core/errors.ts';
import { useUser } from '../../shared/auth.tsx';
import { useUnsavedState } from '../../shared/unsaved-changes.tsx';
import { ConfirmModal, DISCARD_CHANGES } from '../../ui/confirm-modal.tsx';
import { useAnswerStep, useFirstRun } from './api.ts';

// Each step is the Settings section itself, fetched when its step opens.
const SECTIONS: Record<FirstRunStep, ComponentType> = {
  'firm-profile': lazy(() => import('../firm-profile/index.ts').then((m) => ({ default: m.FirmProfileSection }))),
  users: lazy(() => import('../users/index.ts').then((m) => ({ default: m.UsersSection }))),
  calendar: lazy(() => import('../settings/index.ts').then((m) => ({ default: m.GoogleCalendarSection }))),
  'address-lookup': lazy(() => import('../settings/index.ts').then((m) => ({ default: m.AddressLookupSection }))),
};

const OUTCOME_WORDS: Record<StepOutcome, string> = { done: 'Done', skipped: 'Skipped' };

/**
 * /setup (issue 28): a new firm's first super admin is led through firm profile → users → calendar
 * → address lookup. Each step is skippable and each is also its own Settings section, to come back to.
 */
export default function SetupPage() {
  const user = useUser();
  const state = useFirstRun(user.isSuperAdmin);
  if (!user.isSuperAdmin) return <Alert color="gray" mt="md">Only a super admin sets up Casebook.</Alert>;
  if (state.isError) return <Alert color="red" role="alert" mt="md">{state.error.message}</Alert>;
  if (!state.data) return <Loader mt="md" />;
  return <SetupSteps initial={state.data} />;
}

function SetupSteps({ initial }: { initial: TFirstRunState }) {
  const answer = useAnswerStep();
  const state = answer.data ?? initial;
  const first = nextStep(initial.steps);
  const [active, setActive] = useState(first === null ? FIRST_RUN_STEPS.length : FIRST_RUN_STEPS.indexOf(first));
  const step = FIRST_RUN_STEPS[active];
  const unsaved = useUnsavedState();
  const [notSaved, setNotSaved] = useState(false);
  // Leaving a step with typed changes asks first (they would be lost with its form).
  const [leaving, setLeaving] = useState<(() => void) | null>(null);
  const leave = (then: () => void) => (unsaved.hasUnsaved() ? setLeaving(() => then) : then());
  // Continue saves what the step's form holds first; a refusal stays on the step, shown in its form.
  const proceed = async () => {
    setNotSaved(false);
    if (unsaved.hasUnsaved() && !(await unsaved.saveAll())) {
      setNotSaved(true);
      return;
    }
    go('done');
  };
  const go = (outcome: StepOutcome) => {
    if (!step) return;
    answer.mutate({ step, outcome }, {
      onSuccess: (next) => {
        const after = FIRST_RUN_STEPS.slice(active + 1).find((s) => next.steps[s] === null);
        const firstOpen = nextStep(next.steps);
        const target = after ?? firstOpen;
        setActive(target === null ? FIRST_RUN_STEPS.length : FIRST_RUN_STEPS.indexOf(target));
      },
    });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Set up Casebook</Title>
          <Text c="dimmed" size="sm">Four steps; skip any of them and come back to it in Settings later.</Text>
        </div>
        <Anchor component={Link} to="/dashboard" size="sm">Leave setup for now</Anchor>
      </Group>
      <Stepper active={active} onStepClick={(i) => leave(() => setActive(i))} allowNextStepsSelect={false} size="sm">
        {FIRST_RUN_STEPS.map((s) => {
          const info = FIRST_RUN_STEP_INFO[s];
          const outcome = state.steps[s];
          const Section = SECTIONS[s];
          return (
            <Stepper.Step key={s} label={info.label} description={outcome ? OUTCOME_WORDS[outcome] : info.description}
              color={outcome === 'skipped' ? 'gray' : undefined}
              completedIcon={outcome === 'skipped' ? <IconPlayerSkipForward size={16} /> : <IconCheck size={16} />}>
              <Stack gap="md" mt="md">
                <Text size="sm">
                  {info.description}. Also in <Anchor component={Link} to={info.settingsPath}>{info.settingsName}</Anchor>, whenever you need it.
                </Text>
                <Suspense fallback={<Card withBorder><Loader size="sm" /></Card>}><Section /></Suspense>
                {answer.isError && <Alert color="red" role="alert">{answer.error.message}</Alert>}
                {notSaved && <Alert color="red" role="alert">{FIRST_RUN_TEXT.notSaved}</Alert>}
                <Group justify="flex-end">
                  <Button variant="default" loading={answer.isPending && answer.variables?.outcome === 'skipped'} onClick={() => leave(() => go('skipped'))}>Skip for now</Button>
                  <Button loading={answer.isPending && answer.variables?.outcome === 'done'} onClick={() => void proceed()}>Continue</Button>
                </Group>
              </Stack>
            </Stepper.Step>
          );
        })}
        <Stepper.Completed>
          <Finished state={state} />
        </Stepper.Completed>
      </Stepper>
      <ConfirmModal opened={leaving !== null} question={UNSAVED_CHANGES_QUESTION} confirmLabel={DISCARD_CHANGES}
        onYes={() => {
          unsaved.discardAll();
          setNotSaved(false);
          leaving?.();
          setLeaving(null);
        }}
        onNo={() => setLeaving(null)} />
    </Stack>
  );
}

/** Every step answered: what was done, what was skipped, and where each lives in Settings. */
function Finished({ state }: { state: TFirstRunState }) {
  return (
    <Card withBorder mt="md" padding="lg">
      <Stack gap="sm">
        <Title order={3}>{FIRST_RUN_TEXT.finished}</Title>
        <Stack gap={4} component="ul" m={0} pl="md" aria-label="Setup steps">
          {FIRST_RUN_STEPS.map((s) => {
            const info = FIRST_RUN_STEP_INFO[s];
            const outcome = state.steps[s];
            return (
              <Text component="li" key={s} size="sm">
                {info.label}: {outcome ? OUTCOME_WORDS[outcome] : 'Not answered'}
                {outcome !== 'done' && <> (later in <Anchor component={Link} to={info.settingsPath}>{info.settingsName}</Anchor>)</>}
              </Text>
            );
          })}
        </Stack>
        <Group><Button component={Link} to="/dashboard">Go to the dashboard</Button></Group>
      </Stack>
    </Card>
  );
}
