import { Alert, Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { TTwoFactorSetup } from '../../../core/api/two-factor.ts';
import { TWO_FACTOR_MESSAGES } from '../../../core/accounts/two-factor.ts';
import { errorText } from '../../lib/transport.ts';
import { CodeInput, useCodeEntry } from './code-input.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

interface Props {
  begin(): Promise<TTwoFactorSetup>;
  /** Confirms with the first code; answers the recovery codes to show once. */
  confirm(code: string): Promise<string[]>;
  onFinished(): void;
  onCancel?(): void;
}

/** Setting up a second factor (Settings, or a sign-in that requires it): QR code and key, first code, recovery codes. */
export function TwoFactorSetupFlow({ begin, confirm, onFinished, onCancel }: Props) {
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { code, setCode, error, setError, busy, submit } = useCodeEntry(async (code) => setCodes(await confirm(code)));
  const started = useRef(false);

  useEffect(() => {
    // One secret per set-up, also when a development render runs effects twice.
    if (started.current) return;
    started.current = true;
    begin().then(setSetup, (e: unknown) => setError(errorText(e)));
  }, [begin, setError]);

  if (codes) return <RecoveryCodes codes={codes} onDone={onFinished} />;

  return (
    <Stack gap="sm" component="form" onSubmit={submit} aria-label="Set up two-factor sign-in">
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {!setup && !error && <Loader size="sm" />}
      {setup && (
        <>
          <Text size="sm">{TWO_FACTOR_MESSAGES.scanQrCode}</Text>
          <Image src={setup.qrCode} alt="QR code for your authenticator app" w={200} h={200} fit="contain" />
          <div>
            <Text size="sm" c="dimmed" id="two-factor-key-label">Key</Text>
            <Text ff="monospace" fw={600} aria-labelledby="two-factor-key-label" style={{ wordBreak: 'break-all' }}>{setup.secret}</Text>
          </div>
          <Text size="sm">{TWO_FACTOR_MESSAGES.confirmWithCode}</Text>
          <CodeInput label="6-digit code" value={code} onChange={setCode} />
          <Group>
            <Button type="submit" loading={busy}>Turn on</Button>
            {onCancel && <Button variant="default" onClick={onCancel} disabled={busy}>Cancel</Button>}
          </Group>
        </>
      )}
    </Stack>
  );
}
