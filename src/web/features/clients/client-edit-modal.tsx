import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import type { TClient } from '../../../core/api/clients.ts';
import { useCloseGuard } from '../../ui/close-guard.tsx';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { saveClient, useClient } from './api.ts';
import { ClientFields } from './fields.tsx';
import { clientForm, clientLabels, clientProblems } from './forms.ts';
import { useEditForm } from './use-edit-form.ts';

/** Edits a client's own details (name, contact, e-mail, phone); opened from the case and client lists. */
export function ClientEditModal({ clientId, onClose }: { clientId: string; onClose(): void }) {
  const client = useClient(clientId);
  if (!client.data) {
    return <Modal opened onClose={onClose} title="Edit client" size="lg"><Loader size="sm" /></Modal>;
  }
  return <ClientEditor client={client.data} onClose={onClose} />;
}

function ClientEditor({ client, onClose }: { client: TClient; onClose(): void }) {
  const edit = useEditForm(clientForm(client), { problems: clientProblems, send: (f) => saveClient(f, client), onSaved: onClose });
  const guard = useCloseGuard(() => edit.dirty, onClose);
  return (
    <Modal opened onClose={guard.requestClose} title="Edit client" size="lg">
      {guard.question}
      <Stack ref={edit.container}>
        <ClientFields value={edit.form} onChange={edit.setForm} errors={edit.errors} />
        <RefusalAlert refusal={edit.refusal} labels={clientLabels(edit.form)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>Cancel</Button>
          <Button onClick={edit.save} loading={edit.saving}>Save client</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
