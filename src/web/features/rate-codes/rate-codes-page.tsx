import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useUser } from '../../shared/auth.tsx';
import { reportError } from '../../lib/error-store.ts';
import { useRateCodes } from './api.ts';
import { NewRateCodeModal } from './new-rate-code-modal.tsx';
import { RateCodeCard } from './rate-code-card.tsx';

/** /rate-codes: rate codes and their job types; rates only for super admins (docs/decisions/021). */
export default function RateCodesPage() {
  const user = useUser();
  const list = useRateCodes();
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    if (list.error) reportError(list.error, { screen: 'rate-codes' });
  }, [list.error]);
  const showRates = list.data?.ratesVisible === true;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Rate Codes</Title>
        {user.isAdmin && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>Add Rate Code</Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Inactive job types stay on past entries but are not offered for new ones.
        {!showRates && ' Hourly rates are visible to super admins only.'}
      </Text>
      {list.isPending && <Loader />}
      {list.data && list.data.rateCodes.length === 0 && <Text c="dimmed">No rate codes yet.</Text>}
      {list.data?.rateCodes.map((code) => (
        <RateCodeCard key={`${code.id}-${code.version}`} code={code} showRates={showRates} canWrite={user.isAdmin} />
      ))}
      {adding && <NewRateCodeModal withItems={user.isSuperAdmin} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
