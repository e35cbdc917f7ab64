import { Button, Group, Modal, Stack } from '@mantine/core';
import type { TCaseDetail } from '../../../core/api/clients.ts';
import { saveCase } from '../clients/api.ts';
import { CaseFields, SaveError } from '../clients/fields.tsx';
import { caseForm, caseProblems } from '../clients/forms.ts';
import { useEditForm } from '../clients/use-edit-form.ts';

export function CaseEditModal({ kase, onClose }: { kase: TCaseDetail; onClose(): void }) {
  const edit = useEditForm(caseForm(kase), { problems: caseProblems, send: (f) => saveCase(f, kase), onSaved: onClose });
  return (
    <Modal opened onClose={onClose} title={`Edit case ${kase.fileNumber}`} size="lg">
      <Stack>
        <CaseFields value={edit.form} onChange={edit.setForm} errors={edit.errors} />
        <SaveError error={edit.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={edit.save} loading={edit.saving}>Save case</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
