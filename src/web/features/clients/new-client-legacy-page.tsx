import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TClientDetail } from '../../../core/api/clients.ts';
import { useUser } from '../../app/auth.tsx';
import { useUnsavedChanges } from '../../app/unsaved-changes.tsx';
import { completeClient } from './api.ts';
import { reloadDraft, writePhase } from './draft-writer.ts';
import { CaseFields, ClientFields, ProjectFields, SaveError } from './fields.tsx';
import {
  caseProblems, clientProblems, emptyCase, emptyClient, emptyProject, projectProblems, same,
  type CaseForm, type ClientForm, type ProjectForm,
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
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const touched = !same(client, emptyClient) || !same(kase, emptyCase) || !same(project, emptyProject(true));
  useUnsavedChanges(touched && !saving);

  if (!user.isAdmin) return <ReadOnlyNotice what="create clients" />;
  const problems = { client: clientProblems(client), case: caseProblems(kase), project: projectProblems(project) };

  const save = async () => {
    if (Object.values(problems).some((p) => Object.keys(p).length)) return setShowErrors(true);
    setSaving(true);
    setError(null);
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
      setError(e);
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
        <Stack>
          <Title order={3}>Client</Title>
          <ClientFields value={client} onChange={setClient} errors={showErrors ? problems.client : {}} />
          <Divider />
          <Title order={3}>Case</Title>
          <CaseFields value={kase} onChange={setCase} errors={showErrors ? problems.case : {}} />
          <Divider />
          <Title order={3}>First project</Title>
          <ProjectFields value={project} onChange={setProject} errors={showErrors ? problems.project : {}} />
          {detail && error !== null && (
            <Text size="sm" c="dimmed">What was saved so far is kept as a draft ({detail.completionPercentage}% complete).</Text>
          )}
          <SaveError error={error} />
          <Group justify="flex-end">
            <Button onClick={save} loading={saving}>Create client</Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
