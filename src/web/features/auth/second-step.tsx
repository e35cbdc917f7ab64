import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TSecondStep, TSessionResponse } from '../../../core/api/auth.ts';
import { TWO_FACTOR_MESSAGES } from '../../../core/accounts/two-factor.ts';
import { useAuth } from '../../shared/auth.tsx';
import { beginSignInSetup, CodeInput, confirmSignInSetup, signInWithCode, TwoFactorSetupFlow, useCodeEntry } from '../two-factor/index.ts';

interface Props {
  step: TSecondStep['secondStep'];
  /** Back to the password form (the pending sign-in expired, or another account). */
  onRestart(): void;
}

/** The second step of a sign-in (issue 27): a code (or a recovery code), or the set-up a role requires. */
export function SecondStep({ step, onRestart }: Props) {
  const { config } = useAuth();
  return (
    <div className="login-wrap">
      <Paper withBorder shadow="md" p="xl" w={440} maw="100%">
        <Stack>
          <div>
            <Title order={2}>{config.firmName}</Title>
            <Text c="dimmed" size="sm">Two-factor sign-in</Text>
          </div>
          {step === 'code' ? <CodeStep /> : <SetupStep />}
          <Anchor component="button" type="button" size="sm" onClick={onRestart}>Back to sign-in</Anchor>
        </Stack>
      </Paper>
    </div>
  );
}

function CodeStep() {
  const { completeSignIn } = useAuth();
  const [recovery, setRecovery] = useState(false);
  const { code, setCode, error, busy, submit, reset } = useCodeEntry(async (code) => completeSignIn(await signInWithCode(code)));

  return (
    <Stack component="form" onSubmit={submit} gap="sm">
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <Text size="sm">{recovery ? TWO_FACTOR_MESSAGES.enterRecoveryCode : TWO_FACTOR_MESSAGES.enterCode}</Text>
      <CodeInput key={String(recovery)} label={recovery ? 'Recovery code' : '6-digit code'} value={code} onChange={setCode} autoFocus recovery={recovery} />
      <Button type="submit" loading={busy} fullWidth>Verify</Button>
      <Anchor component="button" type="button" size="sm" onClick={() => { setRecovery(!recovery); reset(); }}>
        {recovery ? TWO_FACTOR_MESSAGES.useAuthenticatorCode : TWO_FACTOR_MESSAGES.useRecoveryCode}
      </Anchor>
    </Stack>
  );
}

function SetupStep() {
  const { completeSignIn } = useAuth();
  const [session, setSession] = useState<TSessionResponse | null>(null);
  const confirm = async (code: string) => {
    const { recoveryCodes, ...started } = await confirmSignInSetup(code);
    setSession(started);
    return recoveryCodes;
  };
  return (
    <Stack gap="sm">
      <Alert color="blue">{TWO_FACTOR_MESSAGES.setupRequired}</Alert>
      <TwoFactorSetupFlow begin={beginSignInSetup} confirm={confirm} onFinished={() => session && completeSignIn(session)} />
    </Stack>
  );
}
