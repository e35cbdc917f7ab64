import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

/** A token's text, shown once, right after it is made. */
export function NewTokenModal({ name, secret, onClose }: { name: string; secret: string; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title="Your new API token" closeOnClickOutside={false} size="lg">
      <Stack gap="sm">
        <Text>Copy the token “{name}” into your tool now.</Text>
        <Group gap="sm" wrap="nowrap" align="center">
          <Code fz="sm" p="sm" aria-label="API token" data-testid="new-api-token" style={{ wordBreak: 'break-all' }}>{secret}</Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
          </CopyButton>
        </Group>
        <Alert color="yellow" title="It will not be shown again">
          Casebook keeps only a fingerprint of it. If it is lost, revoke it and make a new one. Keep it as secret as a password.
        </Alert>
        <Group justify="flex-end"><Button onClick={onClose}>Done</Button></Group>
      </Stack>
    </Modal>
  );
}
