import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TDataRole } from '../../../core/api/auth.ts';
import type { TUserAccount } from '../../../core/api/users.ts';
import { initialsFor } from '../../../core/people.ts';
import { normalizeInitials, ROLE_LABELS } from '../../../core/accounts/users.ts';
import { useDialogFormGuard } from '../../shared/unsaved-changes.tsx';

export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  role: TDataRole;
  initials: string;
}

/** What each role may do, under the Role select: one role, in the words people use (issue 28). */
const ROLE_HINTS: Record<TDataRole, string> = {
  super_admin: 'Everything, including rates, costs, bills and sign-in security.',
  admin: 'Every case and entry, and Settings; no money figures.',
  limited_user: 'Logs their own time and expenses; sees cases, changes only their own entries.',
};

/** Create or edit an account. Initials follow the names (SPEC §4's rule) until typed by hand. */
export function UserFormModal(props: {
  user: TUserAccount | null;
  canGrantSuperAdmin: boolean;
  busy: boolean;
  error: string | null;
  onSubmit(values: UserFormValues): void;
  onClose(): void;
}) {
  const { user } = props;
  const [start] = useState((): UserFormValues => ({
    firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', email: user?.email ?? '',
    role: user?.role ?? 'limited_user', initials: user?.initials ?? '',
  }));
  const [v, setV] = useState<UserFormValues>(start);
  const guard = useDialogFormGuard(JSON.stringify(v) !== JSON.stringify(start), props.onClose);
  const [initialsByHand, setInitialsByHand] = useState(Boolean(user));
  const setNames = (patch: Partial<UserFormValues>) => setV((cur) => {
    const next = { ...cur, ...patch };
    if (!initialsByHand) next.initials = initialsFor(next.email || ' ', `${next.firstName} ${next.lastName}`.trim() || null);
    return next;
  });
  const roles = (Object.keys(ROLE_LABELS) as TDataRole[]).filter((r) => r !== 'super_admin' || props.canGrantSuperAdmin || user?.role === 'super_admin');
  const complete = v.firstName.trim() && v.lastName.trim() && v.email.trim() && v.initials;
  return (
    <Modal opened onClose={guard.requestClose} title={user ? `Edit ${user.displayName}` : 'Add user'} size="lg">
      {guard.question}
      <form noValidate onSubmit={(e) => { e.preventDefault(); if (complete) props.onSubmit(v); }}>
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <TextInput label="First name" withAsterisk data-autofocus value={v.firstName} onChange={(e) => setNames({ firstName: e.currentTarget.value })} />
            <TextInput label="Last name" withAsterisk value={v.lastName} onChange={(e) => setNames({ lastName: e.currentTarget.value })} />
          </SimpleGrid>
          <TextInput label="E-mail" type="email" withAsterisk disabled={Boolean(user)} value={v.email} onChange={(e) => setNames({ email: e.currentTarget.value })} />
          <SimpleGrid cols={2}>
            <TextInput label="Initials" withAsterisk maxLength={3} value={v.initials}
              onChange={(e) => { setInitialsByHand(true); setV({ ...v, initials: normalizeInitials(e.currentTarget.value) }); }} />
            <Select label="Role" allowDeselect={false} value={v.role} data={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
              description={ROLE_HINTS[v.role]} disabled={user?.role === 'super_admin' && !props.canGrantSuperAdmin}
              onChange={(r) => r && setV({ ...v, role: r as TDataRole })} />
          </SimpleGrid>
          {props.error && <Alert color="red" role="alert">{props.error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={guard.requestClose}>Cancel</Button>
            <Button type="submit" loading={props.busy} disabled={!complete}>{user ? 'Save user' : 'Create user'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
