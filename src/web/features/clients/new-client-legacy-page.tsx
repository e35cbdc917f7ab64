import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TClientDetail } from '../../../core/api/clients.ts';
import { useUser } from '../../shared/auth.tsx';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { readRefusal, withoutFields, type Refusal } from '../../lib/refusal.ts';
import { RefusalAlert, useFocusRefused } from '../../ui/refusal-alert.tsx';
import { completeClient } from './api.ts';
import { changedKeys } from './field-notes.ts';
import { reloadDraft, writePhase } from './draft-writer.ts';
import { CaseFields, ClientFields, ProjectFields } from './fields.tsx';
import {
  CASE_LABELS, caseProblems, clientLabels, clientProblems, emptyCase, emptyClient, emptyProject, PROJECT_LABELS, projectProblems,
  same, type CaseForm, type ClientForm, type ProjectForm,
} from './forms.ts';
import { ReadOnlyNotice } from './read-only-notice.tsx';

/**
 * /clients/new-legacy: the phased form's data on one page. It saves the same three phases in
 * order; if one fails (say, a file number in use) the earlier ones stay saved as a draft and
 * the next Save continues from there.
 */
export default function NewClientLegacyPage() {
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [client, setClient] = useState<ClientForm>(emptyClient);
  const [kase, setCase] = useState<CaseForm>(emptyCase);
  const [project, setProject] = useState<ProjectForm>(emptyProject(true));
  const [detail, setDetail] = useState<TClientDetail | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  // A refused save keeps every typed value and names the fields it is about; the three sections'
  // field names differ, so one refusal serves the page (docs/decisions/037).
  const [refusal, setRefusal] = useState<Refusal<string> | null>(null);
  const [saving, setSaving] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  useFocusRefused(container, refusal);
  const touched = !same(client, emptyClient) || !same(kase, emptyCase) || !same(project, emptyProject(true));
  useUnsavedChanges(touched && !saving);

  if (!user.isAdmin) return <ReadOnlyNotice what="create clients" />;
  const problems = { client: clientProblems(client), case: caseProblems(kase), project: projectProblems(project) };
  const errors = <F extends object>(own: Partial<Record<keyof F, string>>, form: F) => ({
    ...(showErrors ? own : {}),
    ...Object.fromEntries(Object.entries(refusal?.fields ?? {}).filter(([key]) => key in form)),
  });
  const edited = <F extends object>(set: (f: F) => void, before: F) => (next: F) => {
    setRefusal((r) => withoutFields(r, changedKeys(before, next)));
    set(next);
  };

  const save = async () => {
    if (Object.values(problems).some((p) => Object.keys(p).length)) {
      setShowErrors(true);
      requestAnimationFrame(() => container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    setRefusal(null);
    let current = detail;
    try {
      for (const phase of [{ client }, { case: kase }, { project }]) {
        const id = await writePhase(current, phase);
        current = await reloadDraft(queryClient, id);
        setDetail(current);
      }
      await completeClient(current!.id);
      await reloadDraft(queryClient, current!.id);
      setClient(emptyClient);
      setCase(emptyCase);
      setProject(emptyProject(true));
      navigate(`/case/${current!.cases[0]!.id}`, { state: { notice: `${current!.name} is now a complete client.` } });
    } catch (e) {
      setRefusal(readRefusal(e, [...Object.keys(client), ...Object.keys(kase), ...Object.keys(project)]));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={2}>New client (one page)</Title>
        <Text c="dimmed">The same details as the step-by-step form. Fields marked * are required.</Text>
      </div>
      <Paper withBorder p="lg">
        <Stack ref={container}>
          <Title order={3}>Client</Title>
          <ClientFields value={client} onChange={edited(setClient, client)} errors={errors(problems.client, client)} />
          <Divider />
          <Title order={3}>Case</Title>
          <CaseFields value={kase} onChange={edited(setCase, kase)} errors={errors(problems.case, kase)} />
          <Divider />
          <Title order={3}>First project</Title>
          <ProjectFields value={project} onChange={edited(setProject, project)} errors={errors(problems.project, project)} />
          {detail && refusal !== null && (
            <Text size="sm" c="dimmed">What was saved so far is kept as a draft ({detail.completionPercentage}% complete).</Text>
          )}
          <RefusalAlert refusal={refusal} labels={{ ...clientLabels(client), ...CASE_LABELS, ...PROJECT_LABELS }} />
          <Group justify="flex-end">
            <Button onClick={save} loading={saving}>Create client</Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
