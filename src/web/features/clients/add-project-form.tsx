import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import type { TProject } from '../../../core/api/clients.ts';
import { useUnsavedChanges } from '../../app/unsaved-changes.tsx';
import { isEditConflict, saveProject, useInvalidateClients } from './api.ts';
import { ProjectFields, SaveError } from './fields.tsx';
import { emptyProject, projectForm, projectProblems, same, type ProjectForm } from './forms.ts';

/** Creates a project in a case, or edits one; used by the case page and the project prompt. */
export function ProjectEditor({ caseId, project, firstOfCase, onDone, onCancel, submitLabel }: {
  caseId: string;
  project?: TProject;
  firstOfCase: boolean;
  onDone(p: TProject): void;
  onCancel(): void;
  submitLabel: string;
}) {
  const invalidate = useInvalidateClients();
  const start = project ? projectForm(project) : emptyProject(firstOfCase);
  const [form, setForm] = useState<ProjectForm>(start);
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  // Not while saving: onDone may navigate away as soon as the save succeeds.
  useUnsavedChanges(!same(form, start) && !saving);

  const save = async () => {
    if (Object.keys(projectProblems(form)).length) return setShowErrors(true);
    setSaving(true);
    setError(null);
    try {
      const saved = await saveProject(form, project ?? { caseId });
      await invalidate();
      onDone(saved);
    } catch (e) {
      setError(e);
      if (isEditConflict(e)) await invalidate();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack>
      <ProjectFields value={form} onChange={setForm} errors={showErrors ? projectProblems(form) : {}} />
      <SaveError error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={saving}>Cancel</Button>
        <Button onClick={save} loading={saving}>{submitLabel}</Button>
      </Group>
    </Stack>
  );
}
