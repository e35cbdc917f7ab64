import { Alert, Button, Divider, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth.tsx';
import { errorText, isStarting } from '../../lib/transport.ts';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import type { TSecondStep } from '../../../core/api/auth.ts';
import { ProviderButtons } from './provider-buttons.tsx';
import { SecondStep } from './second-step.tsx';

export function LoginPage() {
  const { user, config, checking, signIn, signInWithTestAccount } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ text: string; starting: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  // A provider's callback (OpenID Connect) that still owes a second step lands on /login?secondStep=code|setup.
  const [secondStep, setSecondStep] = useState<TSecondStep['secondStep'] | null>(() => {
    const owed = new URLSearchParams(location.search).get('secondStep');
    return owed === 'code' || owed === 'setup' ? owed : null;
  });
  const target = (location.state as { from?: string } | null)?.from ?? '/dashboard';

  if (checking) return <LoadingOverlay />;
  if (user) return <Navigate to={target} replace />;
  if (secondStep) return <SecondStep step={secondStep} onRestart={() => { setSecondStep(null); setPassword(''); }} />;

  const run = async (action: () => Promise<TSecondStep['secondStep'] | null | void>) => {
    setBusy(true);
    setError(null);
    try {
      const owed = await action();
      if (owed) setSecondStep(owed);
      else navigate(target, { replace: true });
    } catch (e) {
      // 'Casebook is starting. Try again in a moment.': a wait, shown as a notice rather than a failure.
      setError({ text: errorText(e), starting: isStarting(e) });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => signIn(email, password));
  };

  return (
    <div className="login-wrap">
      {busy && <LoadingOverlay />}
      <Paper withBorder shadow="md" p="xl" w={400} maw="100%" component="form" onSubmit={onSubmit}>
        <Stack>
          <div>
            <Title order={2}>{config.firmName}</Title>
            <Text c="dimmed" size="sm">Sign in to Casebook</Text>
          </div>
          {error && <Alert color={error.starting ? 'blue' : 'red'} role="alert">{error.text}</Alert>}
          <TextInput label="Email" type="email" autoComplete="username" required value={email}
            onChange={(e) => setEmail(e.currentTarget.value)} autoFocus />
          <PasswordInput label="Password" autoComplete="current-password" required value={password}
            onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={busy} fullWidth>Sign in</Button>
          <ProviderButtons providers={config.signInProviders} />
          {config.demo && (
            <>
              <Divider label="Demo" labelPosition="center" />
              <Button variant="light" onClick={() => void run(signInWithTestAccount)} disabled={busy}>
                Use test account
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </div>
  );
}
