import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import type { Refusal } from '../../lib/refusal.ts';
import { useCloseGuard } from '../../ui/close-guard.tsx';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';

interface EditFormModalProps<K extends string> {
  opened?: boolean;
  title: string;
  /** The form's state and save, from `useEditForm`. */
  edit: { dirty: boolean; saving: boolean; refusal: Refusal<K> | null; container: RefObject<HTMLDivElement | null>; save(): unknown };
  labels: Partial<Record<K, string>>;
  saveLabel: string;
  /** Called once the user has left (asked first when something typed would be lost). */
  onClose(): void;
  children: ReactNode;
}

/** A dialog of one client, case or project form: the fields, what the server refused, Cancel and Save. */
export function EditFormModal<K extends string>({ opened = true, title, edit, labels, saveLabel, onClose, children }: EditFormModalProps<K>) {
  const guard = useCloseGuard(() => edit.dirty, onClose);
  return (
    <Modal opened={opened} onClose={guard.requestClose} title={title} size="lg">
      {guard.question}
      <Stack ref={edit.container}>
        {children}
        <RefusalAlert refusal={edit.refusal} labels={labels} />
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>Cancel</Button>
          <Button onClick={edit.save} loading={edit.saving}>{saveLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
