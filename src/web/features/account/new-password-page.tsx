import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

/** After a one-time password: nothing else until the user has chosen their own (the server refuses the rest). */
export function NewPasswordPage() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Center mih="100vh" p="md">
      <Card withBorder padding="xl" w={460}>
        <Stack gap="md">
          <Title order={2}>Choose a new password</Title>
          <Text size="sm">
            {user?.email} signed in with a one-time password. Choose your own password to continue.
          </Text>
          <ChangePasswordForm currentLabel="One-time password" />
          <Button variant="subtle" onClick={() => void signOut().then(() => navigate('/login', { replace: true }))}>Log out</Button>
        </Stack>
      </Card>
    </Center>
  );
}
