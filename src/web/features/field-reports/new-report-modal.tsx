import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { REPORT_TYPES, type ReportType } from '../../../core/field-reports/field-reports.ts';
import { firmDate } from '../../../core/dates/firm-clock.ts';
import { toIsoDate } from '../../../core/smart-date.ts';
import { useFirmTimeZone, useUser } from '../../shared/auth.tsx';
import { noAnswer } from '../../shared/offline/kept-records.ts';
import { ApiError } from '../../lib/transport.ts';
import { newId } from '../../lib/new-id.ts';
import { ProjectField, type PickedProject } from '../../shared/project-picker/project-field.tsx';
import { createReport } from './api.ts';

/** Starts a report: project and type; the number, date and project facts are filled in for the inspector. */
export function NewReportModal({ opened, onClose, project: initial }: { opened: boolean; onClose(): void; project: PickedProject | null }) {
  const navigate = useNavigate();
  const user = useUser();
  const timeZone = useFirmTimeZone();
  const client = useQueryClient();
  const [project, setProject] = useState<PickedProject | null>(initial);
  const [type, setType] = useState<ReportType>(REPORT_TYPES[0]);
  const [id] = useState(newId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    if (!project) return setError('Please select a project');
    setBusy(true);
    setError(null);
    // Today in the firm's calendar (its time zone), not the phone's.
    const input = { id, projectId: project.id, reportType: type, date: toIsoDate(firmDate(Date.now(), timeZone))! };
    // Without a connection the create waits in the queue and the editor opens on a local copy (108).
    const inQueue = async () => (await import('./offline-create.ts'))
      .createInQueue({ input, project, user: { id: user.id, name: user.displayName }, client });
    try {
      const report = navigator.onLine
        ? await createReport(input).catch((e: unknown) => (noAnswer(e) ? inQueue() : Promise.reject(e)))
        : await inQueue();
      navigate(`/field-reports/${report.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The report could not be created. Please try again.');
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={<Text fw={700}>New Field Report</Text>}>
      <Stack gap="sm">
        <ProjectField value={project} onChange={setProject} mode="offline" />
        <Select label="Report type" data={[...REPORT_TYPES]} value={type} allowDeselect={false}
          onChange={(v) => v && setType(v as ReportType)} comboboxProps={{ withinPortal: true }} />
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>Cancel</Button>
          <Button onClick={() => void start()} loading={busy} disabled={!project}>Create report</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
