import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Address } from '../../../core/address.ts';
import { UNSAVED_CHANGES_QUESTION } from '../../../core/errors.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { ConfirmModal, DISCARD_CHANGES } from '../../ui/confirm-modal.tsx';
import { AddressInput } from '../../shared/address/address-input.tsx';

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  address: Address | null;
  lawFirmId?: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The create/edit dialog shared by attorneys and law firms: name, e-mail, phone, address, and for
 * an attorney the law firm. Errors from the server (duplicate name, edit conflict) show at the top.
 */
export function ContactFormModal({ title, nameLabel, initial, firms, saving, serverError, onSave, onClose }: {
  title: string;
  nameLabel: string;
  initial: ContactValues;
  /** Given for attorneys: the firms to choose from. */
  firms?: { value: string; label: string }[];
  saving: boolean;
  serverError: string | null;
  onSave(values: ContactValues): void;
  onClose(): void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [confirmClose, setConfirmClose] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);
  const set = <K extends keyof ContactValues>(key: K, value: ContactValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = () => {
    const next = {
      name: values.name.trim() ? undefined : `${nameLabel} is required`,
      email: !values.email.trim() || EMAIL.test(values.email.trim()) ? undefined : 'Please enter a valid e-mail address',
    };
    setErrors(next);
    if (!next.name && !next.email) onSave(values);
  };

  // Closing a dialog with edits asks the same question as leaving a page.
  const close = () => (dirty ? setConfirmClose(true) : onClose());

  return (
    <Modal opened onClose={close} title={title} size="lg" closeOnClickOutside={!dirty}>
      <ConfirmModal opened={confirmClose} question={UNSAVED_CHANGES_QUESTION} confirmLabel={DISCARD_CHANGES} onYes={onClose} onNo={() => setConfirmClose(false)} />
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack gap="sm">
          {serverError && <Alert color="red" role="alert">{serverError}</Alert>}
          <TextInput label={nameLabel} required data-autofocus value={values.name} error={errors.name}
            onChange={(e) => set('name', e.currentTarget.value)} />
          {firms && (
            <Select label="Law firm" placeholder="No law firm" searchable clearable data={firms}
              value={values.lawFirmId ?? null} onChange={(v) => set('lawFirmId', v)} nothingFoundMessage="No law firm found" />
          )}
          <Group grow align="flex-start">
            <TextInput label="E-mail" type="email" value={values.email} error={errors.email}
              onChange={(e) => set('email', e.currentTarget.value)} />
            <TextInput label="Phone" type="tel" value={values.phone} onChange={(e) => set('phone', e.currentTarget.value)} />
          </Group>
          <AddressInput label="Address" value={values.address} onChange={(a) => set('address', a)} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" loading={saving}>Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
