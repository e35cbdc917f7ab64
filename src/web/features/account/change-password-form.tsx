import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../core/accounts/users.ts';
import { useChangePassword } from './api.ts';

const MISMATCH = 'The two new passwords are not the same.';

/** Current password, new password twice. The server checks length and the common-password list. */
export function ChangePasswordForm({ currentLabel = 'Current password', onDone }: { currentLabel?: string; onDone?(): void }) {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState(false);
  const mismatch = again !== '' && next !== again;
  return (
    <form noValidate onSubmit={(e) => {
      e.preventDefault();
      if (!current || !next || mismatch) return;
      setDone(false);
      change.mutate({ currentPassword: current, newPassword: next }, {
        onSuccess: () => { setCurrent(''); setNext(''); setAgain(''); setDone(true); onDone?.(); },
      });
    }}>
      <Stack gap="sm">
        <PasswordInput label={currentLabel} autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} />
        <PasswordInput label="New password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.currentTarget.value)}
          description={`At least ${PASSWORD_MIN_LENGTH} characters; common passwords are refused.`} />
        <PasswordInput label="Repeat new password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.currentTarget.value)}
          error={mismatch ? MISMATCH : undefined} />
        {change.isError && <Alert color="red" role="alert">{change.error.message}</Alert>}
        {done && <Text c="teal" size="sm" role="status">Your password was changed.</Text>}
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} disabled={!current || !next || next !== again}>Change password</Button>
        </Group>
      </Stack>
    </form>
  );
}
