import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconClock, IconFileText } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { TProjectDetail } from '../../../core/api/clients.ts';
import { clientLabel } from '../../../core/cases/cases.ts';
import { useUser } from '../../shared/auth.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { saveProject, useProject } from './api.ts';
import { ProjectFields } from './fields.tsx';
import { PROJECT_LABELS, projectForm, projectProblems } from './forms.ts';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { useEditForm } from './use-edit-form.ts';
import { HistoryPanel } from '../../shared/history/history-panel.tsx';
import { useAfterPaint } from '../../lib/after-paint.ts';

// The project's budget comes once the page has painted (the first-load budget).
const BudgetsSection = lazy(() => import('../budgets/index.ts').then((m) => ({ default: m.BudgetsSection })));

/** /project/{id}: the project's details (editable by admins), its case and client, and its work. */
export default function ProjectPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  if (project.isLoading) return <LoadingOverlay />;
  if (!project.data) return <Paper withBorder p="xl"><Text>This project could not be found.</Text></Paper>;
  return <ProjectScreen key={project.data.id} project={project.data} />;
}

function ProjectScreen({ project }: { project: TProjectDetail }) {
  const user = useUser();
  const painted = useAfterPaint();
  const [saved, setSaved] = useState(false);
  // A reload of the project (after a save, or someone else's save met as a conflict) updates only
  // the fields not being edited: nothing typed is replaced (docs/decisions/037).
  const { form, setForm, errors, refusal, container, saving, dirty, save, reset } = useEditForm(projectForm(project), {
    problems: projectProblems, send: (f) => saveProject(f, project), onSaved: () => setSaved(true),
  });
  useEffect(() => {
    if (dirty) setSaved(false);
  }, [dirty]);

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text c="dimmed" size="sm">Project {project.projectNumber}</Text>
            <Title order={2}>{project.displayName} {project.isPrimaryProject && <Badge ml="xs">Primary</Badge>}</Title>
          </div>
          <Group>
            <Button component={Link} to={`/time-tracking?project=${project.id}`} variant="light" leftSection={<IconClock size={16} />}>
              Time entries
            </Button>
            <Button component={Link} to={`/action-items?project=${project.id}`} variant="light" leftSection={<IconChecklist size={16} />}>
              Action items
            </Button>
            <Button component={Link} to={`/field-reports?project=${project.id}`} variant="light" leftSection={<IconFileText size={16} />}>
              Field reports
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>Case</Text>
            <Anchor component={Link} to={`/case/${project.case.id}`}>
              {project.case.fileNumber}{project.case.caseName ? ` — ${project.case.caseName}` : ''}
            </Anchor>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>Client</Text>
            <Text>{clientLabel(project.client)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>Attorney</Text>
            <Text>{project.case.attorneyName ?? '—'}</Text>
          </div>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg">
        <Stack ref={container}>
          <Title order={3}>Details</Title>
          <ProjectFields value={form} onChange={setForm} readOnly={!user.isAdmin} errors={errors} />
          <RefusalAlert refusal={refusal} labels={PROJECT_LABELS} />
          {user.isAdmin && (
            <Group justify="flex-end">
              {saved && !dirty && <Text size="sm" c="teal">Project saved.</Text>}
              <Button variant="default" disabled={!dirty || saving} onClick={reset}>Discard changes</Button>
              <Button onClick={save} loading={saving} disabled={!dirty}>Save project</Button>
            </Group>
          )}
        </Stack>
      </Paper>
      {painted && (
        <Suspense fallback={null}>
          <BudgetsSection caseId={project.case.id} projectId={project.id}
            projects={[{ id: project.id, projectNumber: project.projectNumber, displayName: project.displayName }]} />
        </Suspense>
      )}
      <HistoryPanel table="projects" id={project.id} />
    </Stack>
  );
}
