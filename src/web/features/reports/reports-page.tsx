import { Alert, Card, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { formatUsDate } from '../../../core/smart-date.ts';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { reportError } from '../../lib/error-store.ts';
import { useReport } from './api.ts';
import { ExportButtons } from './export-buttons.tsx';
import { ReportFilters } from './report-filters.tsx';
import { ReportTable } from './report-table.tsx';
import { useReportParams } from './use-report-params.ts';
import { LoadingBlock } from '../../ui/loading-block';

// The chart library is fetched once the page has painted, beside the report's data: the filters never wait for it.
const loadChart = () => import('./report-chart.tsx');
const ReportChart = lazy(() => loadChart().then((m) => ({ default: m.ReportChart })));

export default function ReportsPage() {
  const params = useReportParams();
  const report = useReport(params.query);
  const painted = useAfterPaint();
  useEffect(() => {
    if (painted) void loadChart();
  }, [painted]);
  useEffect(() => {
    if (report.error) reportError(report.error, { screen: 'reports' });
  }, [report.error]);
  const data = report.data;
  const empty = data && data.rows.length === 0;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Reports</Title>
        {params.query && <ExportButtons query={params.query} />}
      </Group>
      <Paper withBorder p="md"><ReportFilters params={params} /></Paper>
      {params.problem && params.from && params.to && <Alert color="red">{params.problem}</Alert>}
      {params.query && (
        <Text c="dimmed" size="sm">
          {formatUsDate(params.query.from)} – {formatUsDate(params.query.to)}
          {report.isFetching && <Loader size="xs" ml="xs" role="status" aria-label="Updating report" />}
        </Text>
      )}
      {report.isPending && params.query && <LoadingBlock h={300} label="Loading report" />}
      {empty && (
        <Card withBorder p="xl" ta="center"><Text c="dimmed">No time or expense entries match these filters.</Text></Card>
      )}
      {data && !empty && (
        <>
          <Card withBorder p="md" component="section" aria-label="Report chart">
            <Suspense fallback={<Skeleton h={260} />}><ReportChart report={data} /></Suspense>
          </Card>
          <ReportTable report={data} />
        </>
      )}
    </Stack>
  );
}
