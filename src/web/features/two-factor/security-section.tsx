import { Alert, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { TDataRole } from '../../../core/api/auth.ts';
import { TWO_FACTOR_ROLES } from '../../../core/accounts/two-factor.ts';
import { ROLE_LABELS } from '../../../core/accounts/users.ts';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { useSavePolicy, useTwoFactorPolicy } from './api.ts';

/** Settings → Sign-in security (super admins, issue 27): the roles that must sign in with a second factor. */
export function SecuritySection() {
  const policy = useTwoFactorPolicy();
  const save = useSavePolicy();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const roles = chosen ?? policy.data?.requiredRoles ?? [];

  return (
    <SettingsCard id="security-section" icon={IconLock} title="Sign-in security" maw={560}>
      {policy.isPending && <Loader size="sm" />}
      {policy.isError && <Alert color="red">{policy.error.message}</Alert>}
      {policy.data && (
        <Stack gap="sm">
          {save.isError && <Alert color="red" role="alert">{save.error.message}</Alert>}
          {saved && <Alert color="green" role="status">Saved.</Alert>}
          <Checkbox.Group label="Require two-factor sign-in for" value={roles}
            description="Users of these roles without a second factor are led to set it up at their next sign-in."
            onChange={(value) => { setChosen(value); setSaved(false); }}>
            <Stack gap={6} mt="xs">
              {TWO_FACTOR_ROLES.map((role) => <Checkbox key={role} value={role} label={ROLE_LABELS[role]} />)}
            </Stack>
          </Checkbox.Group>
          <Text size="xs" c="dimmed">Changes are recorded in the audit log.</Text>
          <Group>
            <Button loading={save.isPending} disabled={chosen === null}
              onClick={() => save.mutate({ requiredRoles: roles as TDataRole[], version: policy.data.version }, {
                onSuccess: () => { setChosen(null); setSaved(true); },
                // A refused save keeps the roles chosen; the policy is read again, and the next Save goes against it
                // (docs/decisions/223).
              })}>Save</Button>
          </Group>
        </Stack>
      )}
    </SettingsCard>
  );
}
