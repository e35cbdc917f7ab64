import { Group, Text } from '@mantine/core';
import type { Address } from '../../../core/address.ts';

/** The picked address broken into its fields, so the user sees exactly what will be saved. */
export function AddressParts({ address }: { address: Address }) {
  const parts: [string, string][] = [
    ['Street', address.streetAddress1],
    ['Unit', address.streetAddress2],
    ['City', address.city],
    ['State', address.stateCode],
    ['ZIP', address.postalCode],
  ];
  return (
    <Group gap="md" aria-label="Address details" role="group">
      {parts.filter(([, v]) => v).map(([name, v]) => (
        <Text key={name} size="xs"><Text span c="dimmed" size="xs">{name}: </Text>{v}</Text>
      ))}
      <Text size="xs" c="dimmed">{address.source === 'manual' ? 'Entered manually' : 'From address lookup'}</Text>
    </Group>
  );
}
