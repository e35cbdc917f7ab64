import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import type { Refusal } from '../../lib/refusal.ts';
import { useCloseGuard } from '../../ui/close-guard.tsx';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';

/** The form's state and save, from `useEditForm`. */
interface EditState<K extends string> {
  dirty: boolean; saving: boolean; refusal: Refusal<K> | null; container: RefObject<HTMLDivElement | null>; save(): unknown;
}

interface EditFormBodyProps<K extends string> {
  edit: EditState<K>;
  labels: Partial<Record<K, string>>;
  saveLabel: string;
  onCancel(): void;
  children: ReactNode;
}

/** Inside a dialog: the fields, what the server refused, Cancel and Save. */
export function EditFormBody<K extends string>({ edit, labels, saveLabel, onCancel, children }: EditFormBodyProps<K>) {
  return (
    <Stack ref={edit.container}>
      {children}
      <RefusalAlert refusal={edit.refusal} labels={labels} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>Cancel</Button>
        <Button onClick={edit.save} loading={edit.saving}>{saveLabel}</Button>
      </Group>
    </Stack>
  );
}

interface EditFormModalProps<K extends string> extends Omit<EditFormBodyProps<K>, 'onCancel'> {
  title: string;
  /** Called once the user has left (asked first when something typed would be lost). */
  onClose(): void;
}

/** A dialog of one client, case or project form, its state held by the caller. */
export function EditFormModal<K extends string>({ title, edit, onClose, ...body }: EditFormModalProps<K>) {
  const guard = useCloseGuard(() => edit.dirty, onClose);
  return (
    <Modal opened onClose={guard.requestClose} title={title} size="lg">
      {guard.question}
      <EditFormBody edit={edit} onCancel={guard.requestClose} {...body} />
    </Modal>
  );
}
