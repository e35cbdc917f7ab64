import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { TClientDetail } from '../../../core/api/clients.ts';
import { CLIENT_PHASES, draftResumePhase, phaseLabel, type ClientPhase } from '../../../core/cases/cases.ts';
import { useUser } from '../../shared/auth.tsx';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { reportError } from '../../lib/error-store.ts';
import { readRefusal, withoutFields, type Refusal } from '../../lib/refusal.ts';
import { useLatestCallback } from '../../lib/stable-props.ts';
import { RefusalAlert, useFocusRefused } from '../../ui/refusal-alert.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { completeClient, useClient } from './api.ts';
import { reloadDraft, writePhase } from './draft-writer.ts';
import { changedKeys } from './field-notes.ts';
import { CaseFields, ClientFields, ProjectFields } from './fields.tsx';
import {
  CASE_LABELS, caseForm, caseProblems, clientForm, clientLabels, clientProblems, emptyCase, emptyClient, emptyProject,
  PROJECT_LABELS, projectForm, projectProblems, same, type CaseForm, type ClientForm, type ProjectForm,
} from './forms.ts';
import { PhaseHeader } from './phase-header.tsx';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { ReviewSummary } from './review-summary.tsx';
import { emptyIntake, IntakeCheck, intakeParties, type IntakeState } from './conflict-intake.tsx';

/** /clients/new: client → case → first project → review, each phase saved as it goes (docs/decisions/010). */
export default function NewClientPage() {
  const [params] = useSearchParams();
  const draftId = params.get('draft');
  const draft = useClient(draftId);
  const user = useUser();
  if (!user.isAdmin) return <ReadOnlyNotice what="create clients" />;
  if (draftId && draft.isLoading) return <LoadingOverlay />;
  if (draftId && draft.error) {
    return <Paper withBorder p="xl"><Text>This draft could not be found. It may have been finished or deleted.</Text></Paper>;
  }
  // A different draft (or a fresh form) starts over; the first save of a new one resumes at Case.
  return <PhasedForm key={draftId ?? 'new'} initial={draft.data ?? null} />;
}

const resumeAt = (d: TClientDetail) => draftResumePhase({
  completion: d.completionPercentage, hasName: d.name.trim() !== '', hasCase: d.cases.length > 0,
  hasProject: (d.cases[0]?.projects.length ?? 0) > 0,
});

const baselines = (d: TClientDetail | null) => ({
  client: d ? clientForm(d) : emptyClient,
  case: d?.cases[0] ? caseForm(d.cases[0]) : emptyCase,
  project: d?.cases[0]?.projects[0] ? projectForm(d.cases[0].projects[0]) : emptyProject(true),
});

function PhasedForm({ initial }: { initial: TClientDetail | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const [detail, setDetail] = useState(initial);
  const [phase, setPhase] = useState<ClientPhase>(initial ? resumeAt(initial) : 'client');
  const [client, setClient] = useState<ClientForm>(() => baselines(initial).client);
  const [kase, setCase] = useState<CaseForm>(() => baselines(initial).case);
  const [project, setProject] = useState<ProjectForm>(() => baselines(initial).project);
  const [intake, setIntake] = useState<IntakeState>(emptyIntake);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  // A refused save keeps every typed value and names the fields it is about (docs/decisions/037).
  const [refusal, setRefusal] = useState<Refusal<string> | null>(null);
  const container = useRef<HTMLDivElement>(null);
  useFocusRefused(container, refusal);

  const base = baselines(detail);
  const dirty = !same(base.client, client) || !same(base.case, kase) || !same(base.project, project);
  useUnsavedChanges(dirty);

  const completion = detail?.completionPercentage ?? 0;
  const reached = detail ? CLIENT_PHASES.indexOf(resumeAt(detail)) : 0;
  const problems: Record<string, string> = phase === 'client' ? clientProblems(client) : phase === 'case' ? caseProblems(kase)
    : phase === 'project' ? projectProblems(project) : {};

  const go = (next: ClientPhase) => {
    setShowErrors(false);
    setRefusal(null);
    setPhase(next);
  };
  const goTo = useLatestCallback((i: number) => i <= reached && go(CLIENT_PHASES[i]!));
  const refuse = (error: unknown) => {
    const fields = { client, case: kase, project, review: {} }[phase];
    setRefusal(readRefusal(error, Object.keys(fields)));
  };
  /** An edit drops the refusal's problem with the fields it changed. */
  const edited = <F extends object>(set: (f: F) => void, before: F) => (next: F) => {
    setRefusal((r) => withoutFields(r, changedKeys(before, next)));
    set(next);
  };
  const errors = { ...(showErrors ? problems : {}), ...refusal?.fields };

  const saveAndContinue = async () => {
    if (Object.keys(problems).length > 0) {
      setShowErrors(true);
      requestAnimationFrame(() => container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      const withIntake = { parties: intakeParties(intake), conflictCheckId: intake.check?.id ?? null };
      const body = phase === 'client' ? { client } : phase === 'case' ? { case: kase, intake: withIntake } : { project };
      const id = await writePhase(detail, body);
      const fresh = await reloadDraft(queryClient, id);
      if (!detail) {
        // The first save names the draft in the address, and the page mounts a form keyed by it
        // from the cache just filled, at its next phase. This form stays busy until then: were it
        // to show the next phase now, what the user typed there would be lost when the router's
        // transition lands.
        setParams({ draft: id }, { replace: true });
        return;
      }
      const b = baselines(fresh);
      setDetail(fresh);
      setClient(b.client);
      setCase(b.case);
      setProject(b.project);
      go(CLIENT_PHASES[CLIENT_PHASES.indexOf(phase) + 1]!);
      setSaving(false);
    } catch (error) {
      refuse(error);
      setSaving(false);
    }
  };

  const finish = async () => {
    if (!detail) return;
    setSaving(true);
    try {
      await completeClient(detail.id);
      await reloadDraft(queryClient, detail.id);
      const caseId = detail.cases[0]!.id;
      navigate(`/case/${caseId}`, { state: { notice: `${detail.name} is now a complete client.` } });
    } catch (error) {
      refuse(error);
      reportError(error, { screen: 'new-client', step: 'finish' });
    } finally {
      setSaving(false);
    }
  };

  const index = CLIENT_PHASES.indexOf(phase);
  // The heading and the buttons stay as they are while a field is typed in (issue 39's keystroke budget).
  const back = useLatestCallback(() => go(CLIENT_PHASES[index - 1]!));
  const next = useLatestCallback(() => void (phase === 'review' ? finish() : saveAndContinue()));
  const heading = useMemo(() => <Title order={3}>{phaseLabel(phase)}</Title>, [phase]);
  const buttons = useMemo(() => (
    <Group justify="space-between">
      <Button variant="default" disabled={index === 0 || saving} onClick={back}>Back</Button>
      <Button onClick={next} loading={saving}>{phase === 'review' ? 'Finish' : 'Save and continue'}</Button>
    </Group>
  ), [back, next, index, phase, saving]);
  return (
    <Stack gap="lg">
      <PhaseHeader completion={completion} index={index} reached={reached} onStep={goTo} />
      <Paper withBorder p="lg">
        <Stack ref={container}>
          {heading}
          {phase === 'client' && <ClientFields value={client} onChange={edited(setClient, client)} errors={errors} />}
          {phase === 'case' && <CaseFields value={kase} onChange={edited(setCase, kase)} errors={errors} />}
          {phase === 'case' && detail && !detail.cases[0] && (
            <IntakeCheck clientName={detail.name} kase={kase} value={intake} onChange={setIntake} />
          )}
          {phase === 'project' && <ProjectFields value={project} onChange={edited(setProject, project)} errors={errors} />}
          {phase === 'review' && detail && <ReviewSummary detail={detail} />}
          <RefusalAlert refusal={refusal}
            labels={{ client: clientLabels(client), case: CASE_LABELS, project: PROJECT_LABELS, review: {} }[phase]} />
          {buttons}
        </Stack>
      </Paper>
    </Stack>
  );
}
