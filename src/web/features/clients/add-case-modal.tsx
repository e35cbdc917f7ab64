import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { saveCase } from './api.ts';
import { EditFormModal } from './edit-form-modal.tsx';
import { CaseFields } from './fields.tsx';
import { CASE_LABELS, caseProblems, emptyCase } from './forms.ts';
import { useEditForm } from './use-edit-form.ts';

/** Another case for a complete client; afterwards the project-creation prompt offers a project. */
export function AddCaseModal({ client, onClose }: { client: { id: string; name: string } | null; onClose(): void }) {
  const navigate = useNavigate();
  const edit = useEditForm(emptyCase, {
    problems: caseProblems,
    send: (f) => {
      // The modal is open only with a client chosen, so this guards the types rather than the user.
      if (!client) throw new Error('No client was chosen for the new case.');
      return saveCase(f, { clientId: client.id });
    },
    onSaved: (created) => {
      close();
      navigate(`/project-creation-prompt?case=${created.id}`);
    },
  });
  // The form stays mounted while the modal is closed, so closing starts the next case afresh.
  const close = () => {
    edit.reset();
    onClose();
  };
  return (
    <EditFormModal opened={client !== null} title="New case" edit={edit} labels={CASE_LABELS} saveLabel="Create case" onClose={close}>
      <Text size="sm">Client: <b>{client?.name}</b></Text>
      <CaseFields value={edit.form} onChange={edit.setForm} errors={edit.errors} />
    </EditFormModal>
  );
}
