import { Button, Group, Modal, Stack } from '@mantine/core';
import type { TProject } from '../../../core/api/clients.ts';
import { useCloseGuard } from '../../ui/close-guard.tsx';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { saveProject } from './api.ts';
import { ProjectFields } from './fields.tsx';
import { emptyProject, PROJECT_LABELS, projectForm, projectProblems } from './forms.ts';
import { useEditForm } from './use-edit-form.ts';

interface EditorProps {
  caseId: string;
  project?: TProject;
  firstOfCase: boolean;
  onDone(p: TProject): void;
  submitLabel: string;
}

function useProjectEdit({ caseId, project, firstOfCase, onDone }: EditorProps) {
  return useEditForm(project ? projectForm(project) : emptyProject(firstOfCase), {
    problems: projectProblems, send: (f) => saveProject(f, project ?? { caseId }), onSaved: onDone,
  });
}

function EditorBody({ edit, submitLabel, onCancel }: { edit: ReturnType<typeof useProjectEdit>; submitLabel: string; onCancel(): void }) {
  return (
    <Stack ref={edit.container}>
      <ProjectFields value={edit.form} onChange={edit.setForm} errors={edit.errors} />
      <RefusalAlert refusal={edit.refusal} labels={PROJECT_LABELS} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={edit.saving}>Cancel</Button>
        <Button onClick={edit.save} loading={edit.saving}>{submitLabel}</Button>
      </Group>
    </Stack>
  );
}

/** Creates a project in a case, on a page (the project prompt, which asks before the page is left). */
export function ProjectEditor({ onCancel, ...props }: EditorProps & { onCancel(): void }) {
  const edit = useProjectEdit(props);
  return <EditorBody edit={edit} submitLabel={props.submitLabel} onCancel={onCancel} />;
}

/** Creates or edits a project in a dialog (the case page); closing it with unsaved text asks first. */
export function ProjectModal({ title, onClose, ...props }: EditorProps & { title: string; onClose(): void }) {
  const edit = useProjectEdit(props);
  const guard = useCloseGuard(() => edit.dirty, onClose);
  return (
    <Modal opened onClose={guard.requestClose} size="xl" title={title}>
      {guard.question}
      <EditorBody edit={edit} submitLabel={props.submitLabel} onCancel={guard.requestClose} />
    </Modal>
  );
}
