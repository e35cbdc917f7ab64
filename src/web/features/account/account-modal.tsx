import { Alert, Button, Divider, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { normalizeInitials, ROLE_LABELS } from '../../../core/accounts/users.ts';
import { useUser } from '../../shared/auth.tsx';
import { useUpdateProfile } from './api.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

/** "My account": the signed-in user's display name, initials and password. */
export function AccountModal({ onClose }: { onClose(): void }) {
  const user = useUser();
  const update = useUpdateProfile();
  const [name, setName] = useState(user.displayName);
  const [initials, setInitials] = useState(user.initials);
  const dirty = name.trim() !== user.displayName || initials !== user.initials;
  return (
    <Modal opened onClose={onClose} title="My account" size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">{user.email} · {ROLE_LABELS[user.role]}</Text>
        <form noValidate onSubmit={(e) => {
          e.preventDefault();
          if (dirty && name.trim() && initials) update.mutate({ displayName: name.trim(), initials });
        }}>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput label="Display name" value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} />
              <TextInput label="Initials" value={initials} maxLength={3} w={90} style={{ flexGrow: 0 }}
                onChange={(e) => setInitials(normalizeInitials(e.currentTarget.value))} />
            </Group>
            {update.isError && <Alert color="red" role="alert">{update.error.message}</Alert>}
            <Group justify="flex-end">
              {update.isSuccess && !dirty && <Text size="sm" c="teal">Saved.</Text>}
              <Button type="submit" loading={update.isPending} disabled={!dirty || !name.trim() || !initials}>Save profile</Button>
            </Group>
          </Stack>
        </form>
        <Divider />
        <Title order={5}>Change password</Title>
        <ChangePasswordForm />
      </Stack>
    </Modal>
  );
}
