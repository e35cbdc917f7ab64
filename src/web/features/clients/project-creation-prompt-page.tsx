import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { clientLabel } from '../../../core/cases/cases.ts';
import { useUser } from '../../shared/auth.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { ProjectEditor } from './add-project-form.tsx';
import { useCase } from './api.ts';

/** /project-creation-prompt?case=<id>: right after a case is created, offer to add a project now. */
export default function ProjectCreationPromptPage() {
  const [params] = useSearchParams();
  const caseId = params.get('case') ?? '';
  const kase = useCase(caseId);
  const user = useUser();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);

  if (!caseId) {
    return <Paper withBorder p="xl"><Text>No case was given. Open a case from <Link to="/existing-clients">Existing Clients</Link>.</Text></Paper>;
  }
  if (kase.isLoading) return <LoadingOverlay />;
  if (!kase.data) return <Paper withBorder p="xl"><Text>The case could not be found.</Text></Paper>;
  const c = kase.data;
  const toCase = () => navigate(`/case/${c.id}`);
  return (
    <Stack gap="lg" maw={900}>
      <Paper withBorder p="xl">
        <Stack>
          <Title order={2}>Case {c.fileNumber} was created</Title>
          <Text>{c.caseName ? `${c.caseName} for ` : 'For '}{clientLabel(c.client)}. Time and action items are recorded against a project.</Text>
          {c.projectCount > 0 && <Text c="dimmed">This case already has {c.projectCount} project{c.projectCount === 1 ? '' : 's'}.</Text>}
          {!adding && (
            <>
              <Title order={3}>Would you like to add a project to this case now?</Title>
              <Group>
                {user.isAdmin && <Button onClick={() => setAdding(true)}>Add a project now</Button>}
                <Button variant="default" onClick={toCase}>Not now, open the case</Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
      {adding && (
        <Paper withBorder p="xl">
          <Title order={3} mb="md">New project</Title>
          <ProjectEditor caseId={c.id} firstOfCase={c.projectCount === 0} submitLabel="Create project"
            onDone={toCase} onCancel={() => setAdding(false)} />
        </Paper>
      )}
    </Stack>
  );
}
