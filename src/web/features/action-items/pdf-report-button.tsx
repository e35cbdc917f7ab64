import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { PDF_FAILED_MESSAGE } from '../../../core/action-items-report.ts';
import { STATUS_FILTER_OPTIONS, type ActionItemFilter, type StatusFilter } from '../../../core/action-items.ts';
import type { TActionItem } from '../../../core/api/action-items.ts';
import { toIsoDate } from '../../../core/smart-date.ts';
import { ApiError } from '../../lib/transport.ts';
import { downloadFile } from '../../lib/download.ts';
import { SmartDateInput } from '../../ui/smart-date-input.tsx';
import { assigneeOptions } from './action-items-filters.tsx';

interface Draft extends ActionItemFilter {
  start: string;
  end: string;
}

/**
 * 'PDF Report': the PDF filter set (SPEC §3) prefilled from the list's filters; the server makes the
 * PDF and the browser only downloads it. A failure shows the spec's alert.
 */
export function PdfReportButton({ projectId, filter, items }: { projectId: string | null; filter: ActionItemFilter; items: readonly TActionItem[] }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [datesValid, setDatesValid] = useState({ start: true, end: true });
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  const generate = async (d: Draft) => {
    setBusy(true);
    setFailure(null);
    const query = new URLSearchParams({
      ...(projectId ? { projectId } : {}), status: d.status, assignee: d.assignee,
      start: d.start ? toIsoDate(d.start) ?? '' : '', end: d.end ? toIsoDate(d.end) ?? '' : '',
    });
    try {
      await downloadFile(`/api/action-items/report.pdf?${query}`, 'ActionItemsReport.pdf');
      setDraft(null);
    } catch (error) {
      // A refused filter (e.g. a date range) says why under the spec's alert.
      setFailure(error instanceof ApiError && error.status === 400 ? error.message : '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="light" leftSection={<IconFileTypePdf size={16} />}
        onClick={() => {
          setFailure(null);
          setDraft({ ...filter, start: '', end: '' });
        }}>
        PDF Report
      </Button>
      <Modal opened={draft !== null} onClose={() => !busy && setDraft(null)} title={<Text fw={700}>PDF Report</Text>}>
        {draft && (
          <form onSubmit={(e) => {
            e.preventDefault();
            void generate(draft);
          }}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <Select label="Report status" allowDeselect={false} data={STATUS_FILTER_OPTIONS} value={draft.status}
                  onChange={(v) => v && set({ status: v as StatusFilter })} comboboxProps={{ withinPortal: true }} />
                <Select label="Report assignee" allowDeselect={false} searchable data={assigneeOptions(items)} value={draft.assignee}
                  onChange={(v) => v && set({ assignee: v })} comboboxProps={{ withinPortal: true }} />
                <SmartDateInput label="Due from" value={draft.start} onChange={(start) => set({ start })}
                  onValidityChange={(ok) => setDatesValid((v) => ({ ...v, start: ok }))} />
                <SmartDateInput label="Due until" value={draft.end} onChange={(end) => set({ end })}
                  onValidityChange={(ok) => setDatesValid((v) => ({ ...v, end: ok }))} />
              </SimpleGrid>
              <Text size="xs" c="dimmed">Leave the dates empty for every due date.</Text>
              {failure !== null && (
                <Alert color="red" role="alert" title={PDF_FAILED_MESSAGE}>{failure}</Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setDraft(null)} disabled={busy}>Cancel</Button>
                <Button type="submit" loading={busy} disabled={!datesValid.start || !datesValid.end}>Download PDF</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
