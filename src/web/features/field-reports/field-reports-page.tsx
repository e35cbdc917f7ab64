import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatUsDate } from '../../../core/smart-date.ts';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { keepProjectsForOffline, useFieldReports } from './api.ts';
import { NewReportModal } from './new-report-modal.tsx';
import { StatusBadge } from './save-status.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /field-reports: every report (one project's with ?project=), newest first, searchable. */
export default function FieldReportsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('project');
  const projectId = raw && UUID.test(raw) ? raw : null;
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const list = useFieldReports(debounced, projectId);
  // The projects a report can be created for offline are kept once the list has shown (108).
  const painted = useAfterPaint();
  useEffect(() => {
    if (painted) void keepProjectsForOffline();
  }, [painted]);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const reports = list.data?.reports ?? [];
  const projectLabel = projectId ? reports[0]?.projectLabel : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Field Reports</Title>
          <Text c="dimmed" size="sm">{projectId ? `Project ${projectLabel ?? ''}` : 'Inspection reports of every project'}</Text>
        </div>
        <Group>
          {projectId && <Button variant="default" onClick={() => setParams({})}>Show all projects</Button>}
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>New Field Report</Button>
        </Group>
      </Group>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <TextInput aria-label="Search field reports" placeholder="Search by project or report number" leftSection={<IconSearch size={16} />}
            value={q} onChange={(e) => setQ(e.currentTarget.value)} maw={420} />
          {list.error && <Alert color="red">{list.error.message}</Alert>}
          {list.data && reports.length === 0 && <Text c="dimmed">No field reports found.</Text>}
          {reports.length > 0 && (
            <Table.ScrollContainer minWidth={640}>
              <Table highlightOnHover verticalSpacing="sm" className="report-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Project</Table.Th><Table.Th>Report</Table.Th><Table.Th>Type</Table.Th>
                    <Table.Th>Date</Table.Th><Table.Th>Inspector</Table.Th><Table.Th w={110}>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {reports.map((r) => (
                    <Table.Tr key={r.id} style={{ cursor: 'pointer' }} onClick={() => navigate(`/field-reports/${r.id}`)}>
                      <Table.Td>{r.projectLabel}</Table.Td>
                      <Table.Td><Link to={`/field-reports/${r.id}`} onClick={(e) => e.stopPropagation()}>{r.displayNumber || 'New: waiting to be sent'}</Link></Table.Td>
                      <Table.Td>{r.reportType}</Table.Td>
                      <Table.Td>{formatUsDate(r.date)}</Table.Td>
                      <Table.Td>{r.inspectorName}</Table.Td>
                      <Table.Td><StatusBadge status={r.status} /></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>
      {creating && (
        <NewReportModal opened onClose={() => setCreating(false)}
          project={projectId && projectLabel ? { id: projectId, label: projectLabel, clientName: '' } : null} />
      )}
    </Stack>
  );
}
