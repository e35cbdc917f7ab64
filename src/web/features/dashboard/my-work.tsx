import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TDashboardMoney, TDashboardSummary, TDueItem } from '../../../core/api/dashboard.ts';
import { formatCurrency, formatHours } from '../../../core/money.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { useUser } from '../../shared/auth.tsx';
import { api } from '../../lib/api.ts';
import { dashboardKeys } from './query-keys.ts';

// Issue 11: what a person needs when they sign in; every number links to what explains it.

/** A figure that is a link to the report or list behind it. */
export function LinkedStat({ label, value, to }: { label: string; value: string | undefined; to: string }) {
  return (
    <Card withBorder padding="md" component={Link} to={to} className="tile">
      <Text size="sm" c="dimmed">{label}</Text>
      {value === undefined ? <Skeleton h={32} mt={4} /> : <Text fz={28} fw={700}>{value}</Text>}
    </Card>
  );
}

function ItemList({ title, items, empty }: { title: string; items: TDueItem[]; empty: string }) {
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb="xs">{title}</Text>
      {items.length === 0 ? <Text size="sm" c="dimmed">{empty}</Text> : (
        <Stack gap={4}>
          {items.map((item) => (
            <Anchor key={item.id} component={Link} to={`/time-tracking?project=${item.projectId}&item=${item.id}`} size="sm">
              {formatUsDate(item.dueDate)} · {item.title} <Text span size="xs" c="dimmed">({item.projectLabel})</Text>
            </Anchor>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function MyWork({ summary }: { summary: TDashboardSummary | undefined }) {
  if (!summary) return <Skeleton h={140} />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }}>
      <ItemList title="Overdue" items={summary.overdueItems} empty="Nothing overdue." />
      <ItemList title="Due today" items={summary.todayItems} empty="Nothing due today." />
      <ItemList title="Due this week" items={summary.thisWeekItems} empty="Nothing else due this week." />
      <Card withBorder padding="md">
        <Text fw={600} mb="xs">Recent projects</Text>
        {summary.recentProjects.length === 0 ? <Text size="sm" c="dimmed">No time logged yet.</Text> : (
          <Stack gap={4}>
            {summary.recentProjects.map((p) => (
              <Anchor key={p.id} component={Link} to={`/time-tracking?project=${p.id}`} size="sm">{p.label}</Anchor>
            ))}
          </Stack>
        )}
      </Card>
    </SimpleGrid>
  );
}

/** The firm's unbilled value and receivables, for super admins. */
export function FirmMoney() {
  const user = useUser();
  const money = useQuery({
    queryKey: dashboardKeys.money, enabled: user.isSuperAdmin,
    queryFn: () => api<TDashboardMoney>('/api/dashboard/money'),
  });
  if (!user.isSuperAdmin) return null;
  return (
    <Group grow>
      <LinkedStat label="Unbilled work" value={money.data && formatCurrency(money.data.unbilledValue)} to="/accounting" />
      <LinkedStat label="Receivables" value={money.data && formatCurrency(money.data.receivables)} to="/accounting?tab=receivables" />
      <LinkedStat
        label={money.data?.overdueBills === 1 ? 'Overdue (1 bill)' : `Overdue (${money.data?.overdueBills ?? 0} bills)`}
        value={money.data && formatCurrency(money.data.overdue)} to="/accounting?tab=receivables"
      />
    </Group>
  );
}

export const hoursText = (hours: number | undefined) => (hours === undefined ? undefined : formatHours(hours));
