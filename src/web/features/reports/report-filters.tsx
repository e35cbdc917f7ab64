import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { GROUP_LABELS, GROUPS, PERIOD_LABELS, PERIODS, type Period } from '../../../core/time/reports.ts';
import { useReportOptions } from './api.ts';
import { ClientCaseProjectFilters } from './client-filter.tsx';
import type { useReportParams } from './use-report-params.ts';

type Params = ReturnType<typeof useReportParams>;

export function ReportFilters({ params }: { params: Params }) {
  const options = useReportOptions();
  const { update, filters } = params;
  const choosePeriod = (value: string | null) => {
    const period = (value ?? 'this-month') as Period;
    // Custom starts from the range on screen, so switching to it keeps what was shown.
    update(period === 'custom' ? { period, from: params.from, to: params.to } : { period, from: undefined, to: undefined });
  };
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Period" w={160} allowDeselect={false} value={params.period} onChange={choosePeriod}
        data={PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
      />
      {params.period === 'custom' && (
        <>
          <TextInput label="From" type="date" w={160} value={params.from} onChange={(e) => update({ from: e.currentTarget.value })} />
          <TextInput label="To" type="date" w={160} value={params.to} onChange={(e) => update({ to: e.currentTarget.value })} />
        </>
      )}
      <Select
        label="Group by" w={150} allowDeselect={false} value={params.groupBy}
        onChange={(v) => update({ groupBy: v ?? undefined, ...(v === params.thenBy ? { thenBy: undefined } : {}) })}
        data={GROUPS.map((g) => ({ value: g, label: GROUP_LABELS[g] }))}
      />
      <Select
        label="Then by" placeholder="No second level" clearable w={170} value={params.thenBy ?? null}
        onChange={(v) => update({ thenBy: v ?? undefined })}
        data={GROUPS.filter((g) => g !== params.groupBy).map((g) => ({ value: g, label: GROUP_LABELS[g] }))}
      />
      <ClientCaseProjectFilters clientId={filters.clientId} caseId={filters.caseId} projectId={filters.projectId} onChange={update} />
      <Select
        label="Staff member" placeholder="Everyone" clearable searchable w={180}
        data={(options.data?.staff ?? []).map((s) => ({ value: s.id, label: s.name }))}
        value={filters.userId ?? null} onChange={(v) => update({ userId: v ?? undefined })}
      />
      <Select
        label="Job type" placeholder="All job types" clearable searchable w={170}
        data={options.data?.jobTypes ?? []} value={filters.jobType ?? null} onChange={(v) => update({ jobType: v ?? undefined })}
      />
      <div>
        <label className="mantine-InputWrapper-label" style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 }}>Entries</label>
        <SegmentedControl
          display="flex" value={params.kind} onChange={(v) => update({ kind: v === 'both' ? undefined : v })}
          data={[{ value: 'both', label: 'Both' }, { value: 'time', label: 'Time' }, { value: 'expense', label: 'Expenses' }]}
        />
      </div>
    </Group>
  );
}
