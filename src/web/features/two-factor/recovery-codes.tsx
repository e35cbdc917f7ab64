import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { TWO_FACTOR_MESSAGES } from '../../../core/accounts/two-factor.ts';

/** The ten recovery codes, shown once after a set-up. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="Recovery codes">{TWO_FACTOR_MESSAGES.recoveryCodesOnce}</Alert>
      <SimpleGrid cols={2} spacing="xs" component="ul" aria-label="Recovery codes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {codes.map((code) => <Text component="li" key={code} ff="monospace" size="md">{code}</Text>)}
      </SimpleGrid>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy codes'}</Button>}
        </CopyButton>
        <Button onClick={onDone}>I have saved my recovery codes</Button>
      </Group>
    </Stack>
  );
}
