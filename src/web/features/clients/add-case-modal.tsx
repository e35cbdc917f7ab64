import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useCloseGuard } from '../../ui/close-guard.tsx';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { saveCase } from './api.ts';
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
  const guard = useCloseGuard(() => edit.dirty, close);
  return (
    <Modal opened={client !== null} onClose={guard.requestClose} title="New case" size="lg">
      {guard.question}
      <Stack ref={edit.container}>
        <Text size="sm">Client: <b>{client?.name}</b></Text>
        <CaseFields value={edit.form} onChange={edit.setForm} errors={edit.errors} />
        <RefusalAlert refusal={edit.refusal} labels={CASE_LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>Cancel</Button>
          <Button onClick={edit.save} loading={edit.saving}>Create case</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
