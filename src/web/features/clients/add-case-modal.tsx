import { Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { saveCase } from './api.ts';
import { EditFormModal } from './edit-form-modal.tsx';
import { CaseFields } from './fields.tsx';
import { CASE_LABELS, caseProblems, emptyCase } from './forms.ts';
import { useEditForm } from './use-edit-form.ts';
import { emptyIntake, IntakeCheck, intakeParties, type IntakeState } from './conflict-intake.tsx';

/**
 * Another case for a complete client, its parties and its conflict check run before it is created
 * (issue 39); afterwards the project-creation prompt offers a project.
 */
export function AddCaseModal({ client, onClose }: { client: { id: string; name: string } | null; onClose(): void }) {
  const navigate = useNavigate();
  const [intake, setIntake] = useState<IntakeState>(emptyIntake);
  const edit = useEditForm(emptyCase, {
    problems: caseProblems,
    send: (f) => {
      // The modal is open only with a client chosen, so this guards the types rather than the user.
      if (!client) throw new Error('No client was chosen for the new case.');
      return saveCase(f, { clientId: client.id, intake: { parties: intakeParties(intake), conflictCheckId: intake.check?.id ?? null } });
    },
    onSaved: (created) => {
      close();
      navigate(`/project-creation-prompt?case=${created.id}`);
    },
  });
  // The form stays mounted while the modal is closed, so closing starts the next case afresh.
  const close = () => {
    edit.reset();
    setIntake(emptyIntake);
    onClose();
  };
  return (
    <EditFormModal opened={client !== null} title="New case" edit={edit} labels={CASE_LABELS} saveLabel="Create case" onClose={close}>
      <Text size="sm">Client: <b>{client?.name}</b></Text>
      <CaseFields value={edit.form} onChange={edit.setForm} errors={edit.errors} />
      <IntakeCheck clientName={client?.name ?? ''} kase={edit.form} value={intake} onChange={setIntake} />
    </EditFormModal>
  );
}
