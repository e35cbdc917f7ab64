import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES } from '../../../core/accounts/two-factor.ts';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { beginOwnSetup, confirmOwnSetup, useRefreshStatus, useTurnOff, useTwoFactorStatus } from './api.ts';
import { CodeInput } from './code-input.tsx';
import { TwoFactorSetupFlow } from './setup-flow.tsx';

/** Settings → Two-factor sign-in (issue 27): any user turns it on (QR code, key, first code, recovery codes) or off (a current code). */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const refresh = useRefreshStatus();
  const [mode, setMode] = useState<'view' | 'setup' | 'off'>('view');
  const on = status.data?.enabled ?? false;
  const badge = status.data && <Badge color={on ? 'green' : 'gray'}>{on ? 'On' : 'Off'}</Badge>;

  return (
    <SettingsCard id="two-factor-section" icon={IconShieldLock} title="Two-factor sign-in" aside={badge} maw={560}>
      {status.isPending && <Loader size="sm" />}
      {status.isError && <Alert color="red">{status.error.message}</Alert>}
      {status.data && mode === 'setup' && (
        <TwoFactorSetupFlow begin={beginOwnSetup} confirm={(code) => confirmOwnSetup(code).finally(() => void refresh())} onCancel={() => setMode('view')}
          onFinished={() => { setMode('view'); void refresh(); }} />
      )}
      {status.data && mode === 'off' && <TurnOffForm onDone={() => setMode('view')} />}
      {status.data && mode === 'view' && (
        <Stack gap="sm">
          {on ? (
            <>
              <Text size="sm">{TWO_FACTOR_MESSAGES.turnedOn} Signing in asks for a code from your authenticator app after your password.</Text>
              <Text size="sm" c="dimmed">Recovery codes left: {status.data.recoveryCodesLeft}</Text>
              {status.data.required
                ? <Text size="sm" c="dimmed">{TWO_FACTOR_MESSAGES.requiredByRole}</Text>
                : <Group><Button variant="light" color="red" onClick={() => setMode('off')}>Turn off two-factor sign-in</Button></Group>}
            </>
          ) : (
            <>
              <Text size="sm">Protect your account with a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) each time you sign in.</Text>
              <Group><Button onClick={() => setMode('setup')}>Turn on two-factor sign-in</Button></Group>
            </>
          )}
        </Stack>
      )}
    </SettingsCard>
  );
}

function TurnOffForm({ onDone }: { onDone(): void }) {
  const turnOff = useTurnOff();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    turnOff.mutate(code, { onSuccess: onDone, onError: () => setCode('') });
  };
  return (
    <Stack gap="sm" component="form" onSubmit={submit} aria-label="Turn off two-factor sign-in">
      {turnOff.isError && <Alert color="red" role="alert">{turnOff.error.message}</Alert>}
      <Text size="sm">To turn it off, enter a current code from your authenticator app (or a recovery code).</Text>
      <CodeInput label="Code" value={code} onChange={setCode} autoFocus recovery />
      <Group>
        <Button type="submit" color="red" loading={turnOff.isPending}>Turn off</Button>
        <Button variant="default" onClick={onDone} disabled={turnOff.isPending}>Cancel</Button>
      </Group>
    </Stack>
  );
}
