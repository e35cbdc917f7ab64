import { Loader, Modal } from '@mantine/core';
import type { TClient } from '../../../core/api/clients.ts';
import { saveClient, useClient } from './api.ts';
import { EditFormModal } from './edit-form-modal.tsx';
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
  return (
    <EditFormModal title="Edit client" edit={edit} labels={clientLabels(edit.form)} saveLabel="Save client" onClose={onClose}>
      <ClientFields value={edit.form} onChange={edit.setForm} errors={edit.errors} />
    </EditFormModal>
  );
}
