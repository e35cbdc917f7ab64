import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TCardProject } from '../../../core/api/action-items.ts';
import { ActionItemsPanel } from './action-items-panel.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /action-items: every project's items, or one project's with ?project=<id>; the form opens as a modal. */
export default function ActionItemsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('project');
  const projectId = raw && UUID.test(raw) ? raw : null;
  const [project, setProject] = useState<TCardProject | null>(null);
  const onProject = useCallback((p: TCardProject | null) => setProject(p), []);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Action Items</Title>
          <Text c="dimmed" size="sm">
            {projectId ? `Project ${project ? `${project.label} · ${project.client}` : ''}` : 'All projects'}
          </Text>
        </div>
        {projectId && <Button variant="default" onClick={() => setParams({})}>Show all projects</Button>}
      </Group>
      <ActionItemsPanel mode="dashboard" projectId={projectId} onProject={onProject} />
    </Stack>
  );
}
