import { Modal, Text } from '@mantine/core';
import { memo, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useLatestCallback } from '../../lib/stable-props.ts';
import { useCloseGuard } from '../../ui/close-guard.tsx';
import { saveCase } from './api.ts';
import { EditFormBody } from './edit-form-modal.tsx';
import { CaseFields } from './fields.tsx';
import { CASE_LABELS, caseProblems, emptyCase } from './forms.ts';
import { useEditForm } from './use-edit-form.ts';
import { emptyIntake, IntakeCheck, intakeParties, type IntakeState } from './conflict-intake.tsx';

type Client = { id: string; name: string };

/**
 * Another case for a complete client, its parties and its conflict check run before it is created
 * (issue 39); afterwards the project-creation prompt offers a project. The form's state lives in
 * the dialog's body, so a key typed renders the form, not the dialog around it (issue 39's
 * keystroke budget); each opening starts a new form.
 */
export function AddCaseModal({ client, onClose }: { client: Client | null; onClose(): void }) {
  const navigate = useNavigate();
  const dirty = useRef(false);
  const [opening, setOpening] = useState(0);
  // The client stays named while the dialog fades out.
  const shown = useRef(client);
  if (client) shown.current = client;
  const close = useLatestCallback(() => {
    dirty.current = false;
    setOpening((n) => n + 1);
    onClose();
  });
  const guard = useCloseGuard(() => dirty.current, close);
  const cancel = useLatestCallback(guard.requestClose);
  const created = useLatestCallback((caseId: string) => {
    close();
    navigate(`/project-creation-prompt?case=${caseId}`);
  });
  return (
    <Modal opened={client !== null} onClose={cancel} title="New case" size="lg">
      {guard.question}
      {shown.current && <NewCaseForm key={opening} client={shown.current} dirty={dirty} onCancel={cancel} onCreated={created} />}
    </Modal>
  );
}

const NewCaseForm = memo(function NewCaseForm({ client, dirty, onCancel, onCreated }: {
  client: Client; dirty: RefObject<boolean>; onCancel(): void; onCreated(caseId: string): void;
}) {
  const [intake, setIntake] = useState<IntakeState>(emptyIntake);
  const edit = useEditForm(emptyCase, {
    problems: caseProblems,
    send: (f) => saveCase(f, { clientId: client.id, intake: { parties: intakeParties(intake), conflictCheckId: intake.check?.id ?? null } }),
    onSaved: (saved) => onCreated(saved.id),
  });
  useLayoutEffect(() => {
    dirty.current = edit.dirty;
  }, [dirty, edit.dirty]);
  return (
    <EditFormBody edit={edit} labels={CASE_LABELS} saveLabel="Create case" onCancel={onCancel}>
      <Text size="sm">Client: <b>{client.name}</b></Text>
      <CaseFields value={edit.form} onChange={edit.setForm} errors={edit.errors} />
      <IntakeCheck clientName={client.name} kase={edit.form} value={intake} onChange={setIntake} />
    </EditFormBody>
  );
});
