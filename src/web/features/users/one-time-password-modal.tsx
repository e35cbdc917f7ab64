import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

/** The one-time password, shown once to the admin who made it. */
export function OneTimePasswordModal({ name, password, onClose }: { name: string; password: string; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title="One-time password" closeOnClickOutside={false}>
      <Stack gap="sm">
        <Text>Give this password to {name}. They must choose a new password when they first sign in.</Text>
        <Group gap="sm">
          <Code fz="lg" p="sm" aria-label="One-time password">{password}</Code>
          <CopyButton value={password}>
            {({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
          </CopyButton>
        </Group>
        <Alert color="yellow">It is shown only now. If it is lost, reset the password again.</Alert>
        <Group justify="flex-end"><Button onClick={onClose}>Done</Button></Group>
      </Stack>
    </Modal>
  );
}
