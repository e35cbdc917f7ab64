import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import type { TReportResponse } from '../../../core/api/reports.ts';
import { isTimeGroup } from '../../../core/time/reports.ts';

// Loaded by the reports screen after its first paint (the chart library is its own chunk).

export function ReportChart({ report }: { report: TReportResponse }) {
  const data = report.rows.map((r) => ({ label: r.label, Hours: r.hours }));
  const common = {
    h: 260, data, dataKey: 'label', series: [{ name: 'Hours', color: 'indigo.6' }],
    valueFormatter: (v: number) => v.toFixed(1), tickLine: 'y' as const,
  };
  return isTimeGroup(report.groupBy)
    ? <LineChart {...common} curveType="linear" withDots={data.length < 60} />
    : <BarChart {...common} xAxisProps={{ interval: 0, angle: data.length > 6 ? -20 : 0, textAnchor: data.length > 6 ? 'end' : 'middle', height: data.length > 6 ? 70 : 30 }} />;
}
