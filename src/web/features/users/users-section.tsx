import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { TUserAccount } from '../../../core/api/users.ts';
import { ROLE_LABELS, USER_RULE_MESSAGES } from '../../../core/accounts/users.ts';
import { useFirmTimeZone, useUser } from '../../shared/auth.tsx';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { useUserAction, useUsers, type UserAction } from './api.ts';
import { OneTimePasswordModal } from './one-time-password-modal.tsx';
import { UserFormModal, type UserFormValues } from './user-form-modal.tsx';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';

type Confirm = { action: UserAction; question: string; label: string } | null;

const lastSignIn = (iso: string | null, timeZone: string) => (iso ? firmDateTime(iso, timeZone) : 'Never');

/** Settings → Users: the real list, with create, edit, reset password, disable/enable and delete. */
export function UsersSection() {
  const me = useUser();
  const timeZone = useFirmTimeZone();
  const users = useUsers();
  const act = useUserAction();
  const [form, setForm] = useState<{ user: TUserAccount | null } | null>(null);
  const [otp, setOtp] = useState<{ name: string; password: string } | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const run = (action: UserAction) => {
    setNotice(null);
    act.mutate(action, {
      onSuccess: (result) => {
        setConfirm(null);
        setForm(null);
        if (result && typeof result === 'object' && 'oneTimePassword' in result) {
          setOtp({ name: result.user.displayName, password: result.oneTimePassword });
        }
      },
      onError: (e) => {
        setConfirm(null);
        if (!form) setNotice(e.message);
      },
    });
  };
  const submit = (values: UserFormValues) => {
    const { email, ...rest } = values;
    if (form?.user) run({ kind: 'update', id: form.user.id, body: { ...rest, version: form.user.version } });
    else run({ kind: 'create', body: { ...rest, email } });
  };
  const ask = (action: UserAction, question: string, label: string) => setConfirm({ action, question, label });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="users-heading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} id="users-heading">Users</Title>
          <Button onClick={() => { act.reset(); setForm({ user: null }); }}>Add user</Button>
        </Group>
        {notice && <Alert color="red" role="alert" withCloseButton onClose={() => setNotice(null)}>{notice}</Alert>}
        {users.isPending && <Loader size="sm" />}
        {users.isError && <Alert color="red">{users.error.message}</Alert>}
        {users.data && (
          <Table striped verticalSpacing="xs" aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th><Table.Th>E-mail</Table.Th><Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th><Table.Th>Last sign-in</Table.Th><Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.map((u) => {
                const locked = u.role === 'super_admin' && !me.isSuperAdmin;
                const deleteReason = u.isSelf ? USER_RULE_MESSAGES.self : !u.canDelete ? USER_RULE_MESSAGES.inUse : locked ? USER_RULE_MESSAGES.superAdminOnly : null;
                return (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>{u.firstName} {u.lastName} <Badge variant="outline" size="xs">{u.initials}</Badge></Text>
                      {u.oneTimePasswordExpired
                        ? <Text size="xs" c="red.8">One-time password expired: reset the password</Text>
                        : u.mustChangePassword && <Text size="xs" c="dimmed">Must choose a new password</Text>}
                      {u.twoFactor && <Text size="xs" c="dimmed">Two-factor sign-in on</Text>}
                    </Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>{ROLE_LABELS[u.role]}</Table.Td>
                    <Table.Td><Badge color={u.status === 'active' ? 'green' : 'gray'} styles={{ label: { overflow: 'visible' } }}>{u.status}</Badge></Table.Td>
                    <Table.Td>{lastSignIn(u.lastSignInAt, timeZone)}</Table.Td>
                    <Table.Td>
                      {/* The buttons wrap within their cell: the table fits a 1280 px screen beside the settings menu (issue 38). */}
                      <Group gap={4} wrap="wrap">
                        <Button size="compact-xs" variant="light" disabled={locked} aria-label={`Edit ${u.email}`}
                          onClick={() => { act.reset(); setForm({ user: u }); }}>Edit</Button>
                        <Button size="compact-xs" variant="light" disabled={locked} aria-label={`Reset password of ${u.email}`}
                          onClick={() => ask({ kind: 'reset', id: u.id }, `Reset the password of ${u.displayName}? Their sessions end, their API tokens are revoked, and they get a one-time password.`, 'Reset password')}>Reset password</Button>
                        <Button size="compact-xs" variant="light" disabled={locked || !u.twoFactor} aria-label={`Reset two-factor of ${u.email}`}
                          onClick={() => ask({ kind: 'reset-two-factor', id: u.id }, `Reset two-factor sign-in of ${u.displayName}? Their authenticator app and recovery codes stop working; they sign in with their password alone, or set it up again if their role requires it.`, 'Reset two-factor')}>Reset two-factor</Button>
                        {u.status === 'active'
                          ? <Button size="compact-xs" variant="light" color="orange" disabled={u.isSelf || locked} aria-label={`Disable ${u.email}`}
                              onClick={() => ask({ kind: 'disable', id: u.id }, `Disable ${u.displayName}? They are signed out at once and cannot sign in.`, 'Disable user')}>Disable</Button>
                          : <Button size="compact-xs" variant="light" color="green" disabled={locked} aria-label={`Enable ${u.email}`}
                              onClick={() => run({ kind: 'enable', id: u.id })}>Enable</Button>}
                        <Tooltip label={deleteReason} disabled={!deleteReason} multiline w={260}>
                          <span>
                            <Button size="compact-xs" variant="light" color="red" disabled={Boolean(deleteReason)} aria-label={`Delete ${u.email}`}
                              onClick={() => ask({ kind: 'delete', id: u.id }, `Delete ${u.displayName} for good?`, 'Delete user')}>Delete</Button>
                          </span>
                        </Tooltip>
                      </Group>
                      {!u.canDelete && !u.isSelf && <Text size="xs" c="dimmed">Has records: can be disabled, not deleted</Text>}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {form && (
        <UserFormModal user={form.user} canGrantSuperAdmin={me.isSuperAdmin} busy={act.isPending}
          error={act.isError ? act.error.message : null} onSubmit={submit} onClose={() => setForm(null)} />
      )}
      {otp && <OneTimePasswordModal name={otp.name} password={otp.password} onClose={() => setOtp(null)} />}
      <ConfirmModal opened={confirm !== null} question={confirm?.question ?? ''} confirmLabel={confirm?.label ?? ''}
        onYes={() => confirm && run(confirm.action)} onNo={() => setConfirm(null)} />
    </Card>
  );
}
