import { Button, Group, Modal, Stack } from '@mantine/core';
import type { TClient } from '../../../core/api/clients.ts';
import { saveClient, useClient } from './api.ts';
import { ClientFields, SaveError } from './fields.tsx';
import { clientForm, clientProblems } from './forms.ts';
import { useEditForm } from './use-edit-form.ts';

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
  const edit = useEditForm(clientForm(client), { problems: clientProblems, send: (f) => saveClient(f, client), onSaved: onClose });
  return (
    <Stack>
      <ClientFields value={edit.form} onChange={edit.setForm} errors={edit.errors} />
      <SaveError error={edit.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>Cancel</Button>
        <Button onClick={edit.save} loading={edit.saving}>Save client</Button>
      </Group>
    </Stack>
  );
}
