import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TBackup } from '../../../core/api/backups.ts';
import { BACKUP_MESSAGES, confirmationDate } from '../../../core/backups.ts';
import { when } from './format.ts';

/** Restoring replaces everyone's data: the admin types the backup's date to confirm. */
export function RestoreModal(props: { backup: TBackup; timeZone: string; busy: boolean; error: string | null; onRestore(confirmation: string): void; onClose(): void }) {
  const [typed, setTyped] = useState('');
  const date = confirmationDate(props.backup.createdAt, props.timeZone);
  return (
    <Modal opened onClose={props.onClose} title="Restore backup">
      <form onSubmit={(e) => { e.preventDefault(); if (typed.trim() === date) props.onRestore(typed); }}>
        <Stack gap="sm">
          <Alert color="red" title="Everything after this backup is replaced">
            All data is replaced by the backup of {date}. The current data is backed up first. Casebook is unavailable
            while the restore runs, and everyone signs in again afterwards.
          </Alert>
          {props.backup.uploaded && (
            <Alert color="orange" role="note"
              title={`Uploaded${props.backup.uploaded.by ? ` by ${props.backup.uploaded.by}` : ''} on ${when(props.backup.uploaded.at, props.timeZone)}`}>
              {BACKUP_MESSAGES.uploadedRestore}
            </Alert>
          )}
          <TextInput label={`Type the backup's date (${date}) to confirm`} placeholder="MM/DD/YYYY" value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)} data-autofocus />
          {props.error && <Alert color="red" role="alert">{props.error}</Alert>}
          <Text size="xs" c="dimmed">{props.backup.name}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>Cancel</Button>
            <Button type="submit" color="red" loading={props.busy} disabled={typed.trim() !== date}>Restore</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
