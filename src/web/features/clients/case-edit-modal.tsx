import { Button, Group, Modal, Stack } from '@mantine/core';
import type { TCaseDetail } from '../../../core/api/clients.ts';
import { useCloseGuard } from '../../ui/close-guard.tsx';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { saveCase } from './api.ts';
import { CaseFields } from './fields.tsx';
import { CASE_LABELS, caseForm, caseProblems } from './forms.ts';
import { useEditForm } from './use-edit-form.ts';

export function CaseEditModal({ kase, onClose }: { kase: TCaseDetail; onClose(): void }) {
  const edit = useEditForm(caseForm(kase), { problems: caseProblems, send: (f) => saveCase(f, kase), onSaved: onClose });
  const guard = useCloseGuard(() => edit.dirty, onClose);
  return (
    <Modal opened onClose={guard.requestClose} title={`Edit case ${kase.fileNumber}`} size="lg">
      {guard.question}
      <Stack ref={edit.container}>
        <CaseFields value={edit.form} onChange={edit.setForm} errors={edit.errors} />
        <RefusalAlert refusal={edit.refusal} labels={CASE_LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>Cancel</Button>
          <Button onClick={edit.save} loading={edit.saving}>Save case</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
