import { Card, Code, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Address } from '../../../core/address.ts';
import { AddressInput } from '../../shared/address/address-input.tsx';

/** /test-autocomplete: the address component on its own, with the object it produces. */
export default function TestAutocompletePage() {
  const [address, setAddress] = useState<Address | null>(null);
  const [required, setRequired] = useState(true);
  const [changes, setChanges] = useState(0);
  return (
    <Stack gap="md" maw={760}>
      <Title order={2}>Address autocomplete test</Title>
      <Text size="sm" c="dimmed">
        Type at least three characters to search, pick a suggestion, or switch on Manual Entry. The object below is exactly what forms save.
      </Text>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Switch label="Required" checked={required} onChange={(e) => setRequired(e.currentTarget.checked)} />
          <AddressInput label="Property address" value={address} required={required} onChange={(a) => {
            setAddress(a);
            setChanges((n) => n + 1);
          }} />
        </Stack>
      </Card>
      <Group justify="space-between">
        <Text fw={500}>Current value</Text>
        <Text size="sm" c="dimmed">{changes} change{changes === 1 ? '' : 's'}</Text>
      </Group>
      <Code block aria-label="Current value">{JSON.stringify(address, null, 2)}</Code>
    </Stack>
  );
}
