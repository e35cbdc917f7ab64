import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingBank, IconCalculator, IconCalendarWeek, IconChecklist, IconClock, IconFileAnalytics, IconFileText, IconFolderSearch,
  IconGavel, IconPencilPlus, IconSettings, IconUsers, IconNotes,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { TDashboardSummary } from '../../../core/api/dashboard.ts';
import { useUser } from '../../shared/auth.tsx';
import { api } from '../../lib/api.ts';
import { reportError } from '../../lib/error-store.ts';
import { RetainerNotices } from '../billing/index.ts';
import { MoneyAlerts } from '../firm-profile/index.ts';
import { BackupFailureNotice } from '../backups/index.ts';
import { FirstRunNotice } from '../first-run/index.ts';
import { TimerPanel } from '../timesheet/index.ts';
import { DeadlineReminders, UpcomingDeadlines } from '../deadlines/index.ts';
import { FirmMoney, hoursText, LinkedStat, MyWork } from './my-work.tsx';
import { WeekReminders } from './week-reminders.tsx';
import { dashboardKeys } from './query-keys.ts';

const AREAS = [
  { to: '/time-tracking', label: 'Time Tracking', hint: 'Log time and expenses', Icon: IconClock },
  { to: '/timesheet', label: 'Timesheet', hint: 'Your week by day, submit for approval', Icon: IconCalendarWeek },
  { to: '/action-items', label: 'Action Items', hint: 'Tasks across all projects', Icon: IconChecklist },
  { to: '/new-client', label: 'Client Management', hint: 'Clients and new clients', Icon: IconUsers },
  { to: '/clients/new', label: 'New Client', hint: 'Step-by-step client, case and project', Icon: IconPencilPlus },
  { to: '/clients/drafts', label: 'New Client Drafts', hint: 'Resume unfinished clients', Icon: IconNotes },
  { to: '/existing-clients', label: 'Existing Clients', hint: 'Find a client and open their cases', Icon: IconFolderSearch },
  { to: '/attorneys', label: 'Attorneys & Law Firms', hint: 'Counsel on your cases', Icon: IconGavel },
  { to: '/rate-codes', label: 'Rate Codes', hint: 'Job types and hourly rates', Icon: IconCalculator },
  { to: '/reports', label: 'Reports', hint: 'Printable reports', Icon: IconFileAnalytics },
  { to: '/field-reports', label: 'Field Reports', hint: 'Field inspection reports', Icon: IconFileText },
  { to: '/testimony', label: 'Testimony', hint: 'Rule 26 lists and deposition fees', Icon: IconFileText },
  { to: '/accounting', label: 'Accounting & Financials', hint: 'Bills, payments, retainers', Icon: IconBuildingBank, superAdminOnly: true },
  { to: '/settings', label: 'Admin Settings', hint: 'Calendar and address lookup', Icon: IconSettings },
];

export default function DashboardPage() {
  const user = useUser();
  const summary = useQuery({ queryKey: dashboardKeys.all, queryFn: () => api<TDashboardSummary>('/api/dashboard') });
  useEffect(() => {
    if (summary.error) reportError(summary.error, { screen: 'dashboard' });
  }, [summary.error]);
  const s = summary.data;
  return (
    <Stack gap="lg">
      <Title order={2}>Good to see you, {user.displayName}</Title>
      {user.isSuperAdmin && <FirstRunNotice />}
      {user.isAdmin && <BackupFailureNotice />}
      <MoneyAlerts />
      <RetainerNotices />
      <WeekReminders summary={s} />
      <DeadlineReminders />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
        <LinkedStat label="My open action items" value={s && String(s.myOpenActionItems)} to="/action-items" />
        <LinkedStat label="Overdue" value={s && String(s.myOverdueActionItems)} to="/action-items" />
        <LinkedStat label="My hours this week" value={hoursText(s?.myHoursThisWeek)} to={`/reports?period=this-week&groupBy=day&userId=${user.id}`} />
        <LinkedStat label="My hours last week" value={hoursText(s?.myHoursLastWeek)} to={`/reports?period=last-week&groupBy=day&userId=${user.id}`} />
        <LinkedStat label="Active cases" value={s && String(s.activeCases)} to="/existing-clients" />
      </SimpleGrid>
      <FirmMoney />
      <TimerPanel />
      <UpcomingDeadlines />
      <MyWork summary={s} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {AREAS.filter((a) => !a.superAdminOnly || user.isSuperAdmin).map(({ to, label, hint, Icon }) => (
          <Card key={to} component={Link} to={to} withBorder className="tile" padding="md">
            <Group wrap="nowrap">
              <Icon size={28} color="var(--mantine-color-indigo-6)" />
              <div>
                <Text fw={600}>{label}</Text>
                <Text size="sm" c="dimmed">{hint}</Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
