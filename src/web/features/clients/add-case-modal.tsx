import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useUnsavedChanges } from '../../app/unsaved-changes.tsx';
import { saveCase, useInvalidateClients } from './api.ts';
import { CaseFields, SaveError } from './fields.tsx';
import { caseProblems, emptyCase, same, type CaseForm } from './forms.ts';

/** Another case for a complete client; afterwards the project-creation prompt offers a project. */
export function AddCaseModal({ client, onClose }: { client: { id: string; name: string } | null; onClose(): void }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateClients();
  const [form, setForm] = useState<CaseForm>(emptyCase);
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  // Not while saving: a successful save navigates straight to the prompt.
  useUnsavedChanges(client !== null && !same(form, emptyCase) && !saving);

  const close = () => {
    setForm(emptyCase);
    setError(null);
    setShowErrors(false);
    onClose();
  };
  const save = async () => {
    if (!client) return;
    if (Object.keys(caseProblems(form)).length) return setShowErrors(true);
    setSaving(true);
    try {
      const created = await saveCase(form, { clientId: client.id });
      await invalidate();
      close();
      navigate(`/project-creation-prompt?case=${created.id}`);
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={client !== null} onClose={close} title="New case" size="lg">
      <Stack>
        <Text size="sm">Client: <b>{client?.name}</b></Text>
        <CaseFields value={form} onChange={setForm} errors={showErrors ? caseProblems(form) : {}} />
        <SaveError error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>Cancel</Button>
          <Button onClick={save} loading={saving}>Create case</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
