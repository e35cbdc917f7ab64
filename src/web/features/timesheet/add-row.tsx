import { Button, Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TProjectHit } from '../../../core/api/projects.ts';
import { ProjectSearchBox } from '../../shared/project-picker/index.ts';
import { loadJobTitles } from './api.ts';

/** Add a row: a project by the time tracking page's search box, then one of its job titles. */
export function AddRow({ disabled, busy, onAdd }: {
  disabled: boolean; busy: boolean; onAdd(project: TProjectHit, jobType: string): Promise<boolean>;
}) {
  const [project, setProject] = useState<TProjectHit | null>(null);
  const [jobType, setJobType] = useState<string | null>(null);
  const titles = useQuery({
    queryKey: ['timesheet', 'job-titles', project?.id],
    queryFn: () => loadJobTitles(project!.id),
    enabled: project !== null,
  });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" className="ts-add-row">
      <div style={{ flex: '1 1 320px', minWidth: 0 }}>
        <ProjectSearchBox pickedLabel={project?.label ?? null} onPick={(hit) => {
          setProject(hit);
          setJobType(null);
        }} onReset={() => setProject(null)} />
      </div>
      <Select label="Job title" placeholder={project ? 'Select job title' : 'Pick a project first'} w={220}
        data={titles.data ?? []} value={jobType} onChange={setJobType} disabled={!project} searchable
        nothingFoundMessage="No active job titles" />
      <Button disabled={disabled || !project || !jobType} loading={busy} onClick={() => {
        if (!project || !jobType) return;
        void onAdd(project, jobType).then((added) => {
          if (!added) return;
          setProject(null);
          setJobType(null);
        });
      }}>Add row</Button>
    </Group>
  );
}
