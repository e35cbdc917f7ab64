import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TMoneyAlerts } from '../../../core/api/firm-profile.ts';
import { api } from '../../lib/api.ts';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone, useUser } from '../../shared/auth.tsx';

const KEY = ['me', 'money-alerts'] as const;

/**
 * On the dashboard, for every super admin (issue 38): the remittance details or tax id printed on
 * every bill were changed. Each stays until its reader dismisses it; the audit log has the change in full.
 */
export function MoneyAlerts() {
  const user = useUser();
  const timeZone = useFirmTimeZone();
  const client = useQueryClient();
  const alerts = useQuery({ queryKey: KEY, enabled: user.isSuperAdmin, queryFn: () => api<TMoneyAlerts>('/api/me/money-alerts') });
  const dismiss = useMutation({
    mutationFn: (id: number) => api<void>(`/api/me/money-alerts/${id}/read`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
  const list = alerts.data?.alerts ?? [];
  if (!user.isSuperAdmin || list.length === 0) return null;
  return (
    <Alert color="red" icon={<IconShieldExclamation size={18} />} title="Payment details changed"
      // A standing notice until dismissed, not an interruption: a note, so the page's alerts stay its errors.
      role="note" aria-label="Payment details changed">
      <Stack gap="xs">
        {list.map((a) => (
          <Group key={a.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">
              {a.text} <Text span size="xs" c="dimmed">({firmDateTime(a.at, timeZone)})</Text>{' '}
              <Anchor component={Link} to="/settings/audit?type=firm_profile" size="sm" c="dark.8" underline="always">Audit log</Anchor>
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => dismiss.mutate(a.id)} loading={dismiss.isPending && dismiss.variables === a.id}>
              Dismiss
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
