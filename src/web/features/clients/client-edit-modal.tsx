import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import type { TClient } from '../../../core/api/clients.ts';
import { useUnsavedChanges } from '../../app/unsaved-changes.tsx';
import { isEditConflict, saveClient, useClient, useInvalidateClients } from './api.ts';
import { ClientFields, SaveError } from './fields.tsx';
import { clientForm, clientProblems, same, type ClientForm } from './forms.ts';

/** Edits a client's own details (name, contact, e-mail, phone); opened from the case and client lists. */
export function ClientEditModal({ clientId, onClose }: { clientId: string; onClose(): void }) {
  const client = useClient(clientId);
  return (
    <Modal opened onClose={onClose} title="Edit client" size="lg">
      {client.data ? <ClientEditor client={client.data} onClose={onClose} /> : null}
    </Modal>
  );
}

function ClientEditor({ client, onClose }: { client: TClient; onClose(): void }) {
  const invalidate = useInvalidateClients();
  const start = clientForm(client);
  const [form, setForm] = useState<ClientForm>(start);
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  useUnsavedChanges(!same(form, start) && !saving);
  const save = async () => {
    if (Object.keys(clientProblems(form)).length) return setShowErrors(true);
    setSaving(true);
    try {
      await saveClient(form, client);
      await invalidate();
      onClose();
    } catch (e) {
      setError(e);
      if (isEditConflict(e)) await invalidate();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack>
      <ClientFields value={form} onChange={setForm} errors={showErrors ? clientProblems(form) : {}} />
      <SaveError error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>Cancel</Button>
        <Button onClick={save} loading={saving}>Save client</Button>
      </Group>
    </Stack>
  );
}
