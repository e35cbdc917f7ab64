import { Alert, Button, Group, Loader, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SETUP_ADDRESS_TEXT } from '../../../core/accounts/setup-address.ts';
import { PASSWORD_MIN_LENGTH } from '../../../core/accounts/users.ts';
import { useAuth } from '../../shared/auth.tsx';
import { useCreateFirstSuperAdmin, useSetupTokenCheck } from './api.ts';

const MISMATCH = 'The two passwords are not the same.';

/**
 * /setup?token=… with nobody signed in (issue 38, docs/decisions/117): the address a start printed
 * while Casebook had no users. It creates the first super admin, signs them in, and goes on to /setup.
 */
export function FirstSuperAdminPage({ token }: { token: string }) {
  const check = useSetupTokenCheck(token);
  const { config } = useAuth();
  return (
    <div className="login-wrap">
      <Paper withBorder shadow="md" p="xl" w={480} maw="100%">
        <Stack>
          <div>
            <Title order={2}>{SETUP_ADDRESS_TEXT.title}</Title>
            <Text c="dimmed" size="sm">{config.firmName}</Text>
          </div>
          {check.isPending && <Loader size="sm" aria-label="Checking the setup address" />}
          {check.isError && (
            <>
              <Alert color="red" role="alert">{check.error.message}</Alert>
              <Group><Button component={Link} to="/login" variant="default">Go to sign in</Button></Group>
            </>
          )}
          {check.isSuccess && <FirstSuperAdminForm token={token} />}
        </Stack>
      </Paper>
    </div>
  );
}

function FirstSuperAdminForm({ token }: { token: string }) {
  const create = useCreateFirstSuperAdmin();
  const { completeSignIn } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [again, setAgain] = useState('');
  const field = (name: keyof typeof form) => ({
    value: form[name], onChange: (e: { currentTarget: { value: string } }) => setForm({ ...form, [name]: e.currentTarget.value }),
  });
  const mismatch = again !== '' && again !== form.password;
  const complete = Object.values(form).every((v) => v.trim() !== '') && again === form.password;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    create.mutate({ ...form, token }, {
      onSuccess: (session) => {
        completeSignIn(session);
        // Signed in: on into the first-run setup, without the used address in the history.
        void navigate('/setup', { replace: true });
      },
    });
  };
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <Text size="sm">{SETUP_ADDRESS_TEXT.intro}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" autoComplete="given-name" required autoFocus {...field('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="username" required {...field('email')} />
        <PasswordInput label="Password" autoComplete="new-password" required {...field('password')}
          description={`At least ${PASSWORD_MIN_LENGTH} characters; common passwords are refused.`} />
        <PasswordInput label="Repeat password" autoComplete="new-password" required value={again}
          onChange={(e) => setAgain(e.currentTarget.value)} error={mismatch ? MISMATCH : undefined} />
        {create.isError && <Alert color="red" role="alert">{create.error.message}</Alert>}
        <Button type="submit" loading={create.isPending} disabled={!complete} fullWidth>{SETUP_ADDRESS_TEXT.submit}</Button>
      </Stack>
    </form>
  );
}
