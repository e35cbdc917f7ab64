import { Button, Group, Stack } from '@mantine/core';
import type { TProject } from '../../../core/api/clients.ts';
import { saveProject } from './api.ts';
import { ProjectFields, SaveError } from './fields.tsx';
import { emptyProject, projectForm, projectProblems } from './forms.ts';
import { useEditForm } from './use-edit-form.ts';

/** Creates a project in a case, or edits one; used by the case page and the project prompt. */
export function ProjectEditor({ caseId, project, firstOfCase, onDone, onCancel, submitLabel }: {
  caseId: string;
  project?: TProject;
  firstOfCase: boolean;
  onDone(p: TProject): void;
  onCancel(): void;
  submitLabel: string;
}) {
  const edit = useEditForm(project ? projectForm(project) : emptyProject(firstOfCase), {
    problems: projectProblems, send: (f) => saveProject(f, project ?? { caseId }), onSaved: onDone,
  });
  return (
    <Stack>
      <ProjectFields value={edit.form} onChange={edit.setForm} errors={edit.errors} />
      <SaveError error={edit.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={edit.saving}>Cancel</Button>
        <Button onClick={edit.save} loading={edit.saving}>{submitLabel}</Button>
      </Group>
    </Stack>
  );
}
