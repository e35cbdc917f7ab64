import type { TCaseDetail } from '../../../core/api/clients.ts';
import { saveCase } from './api.ts';
import { EditFormModal } from './edit-form-modal.tsx';
import { CaseFields } from './fields.tsx';
import { CASE_LABELS, caseForm, caseProblems } from './forms.ts';
import { useEditForm } from './use-edit-form.ts';

export function CaseEditModal({ kase, onClose }: { kase: TCaseDetail; onClose(): void }) {
  const edit = useEditForm(caseForm(kase), { problems: caseProblems, send: (f) => saveCase(f, kase), onSaved: onClose });
  return (
    <EditFormModal title={`Edit case ${kase.fileNumber}`} edit={edit} labels={CASE_LABELS} saveLabel="Save case" onClose={onClose}>
      <CaseFields value={edit.form} onChange={edit.setForm} errors={edit.errors} />
    </EditFormModal>
  );
}
