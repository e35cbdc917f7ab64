import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { firmMoment, hoursBetween } from '../../../core/dates/firm-clock.ts';
import { toIsoDate } from '../../../core/smart-date.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';
import { newId } from '../../lib/new-id.ts';
import { formRefusal, readRefusal, type Refusal } from '../../lib/refusal.ts';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { SmartDateInput } from '../../ui/smart-date-input.tsx';
import { SmartTimeInput } from '../../ui/smart-time-input.tsx';
import { recordCancellation, useExperts, useInvalidateTestimony } from './api.ts';

const LABELS = {
  projectId: 'Project', userId: 'Expert', jobType: 'Job title', scheduledAt: 'Scheduled for', noticeGivenAt: 'Notice given', description: 'Description',
};
type Field = keyof typeof LABELS;
const WHEN_MISSING = 'Enter a date and a time.';

/**
 * Records that a scheduled deposition or trial was cancelled and when notice came (docs/decisions/139):
 * a 0-hour entry of the event's job title, which the bill prices by the notice. What was typed stays
 * through any refusal.
 */
export function CancellationForm({ caseId, projects, jobTitles, onClose }: {
  caseId: string; projects: { id: string; label: string }[]; jobTitles: string[]; onClose(): void;
}) {
  const timeZone = useFirmTimeZone();
  const experts = useExperts();
  const invalidate = useInvalidateTestimony();
  const [id] = useState(newId);
  const [form, setForm] = useState({
    projectId: projects[0]?.id ?? null, userId: null as string | null, jobType: jobTitles[0] ?? null,
    scheduledDate: '', scheduledTime: '', noticeDate: '', noticeTime: '', description: '',
  });
  const [refusal, setRefusal] = useState<Refusal<Field> | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const moment = (date: string, time: string) => (time ? firmMoment(toIsoDate(date) ?? '', time, timeZone) : null);
  const scheduledAt = moment(form.scheduledDate, form.scheduledTime);
  const noticeGivenAt = moment(form.noticeDate, form.noticeTime);
  const notice = scheduledAt && noticeGivenAt ? hoursBetween(noticeGivenAt, scheduledAt) : null;
  const save = async () => {
    if (!scheduledAt || !noticeGivenAt) {
      setRefusal(formRefusal({ ...(!scheduledAt && { scheduledAt: WHEN_MISSING }), ...(!noticeGivenAt && { noticeGivenAt: WHEN_MISSING }) }));
      return;
    }
    setBusy(true);
    try {
      await recordCancellation(caseId, {
        id, projectId: form.projectId ?? '', userId: form.userId ?? '', jobType: form.jobType ?? '', scheduledAt, noticeGivenAt,
        description: form.description,
      });
      await invalidate();
      onClose();
    } catch (error) {
      setRefusal(readRefusal(error, Object.keys(LABELS) as Field[]));
    } finally {
      setBusy(false);
    }
  };
  const err = (k: Field) => refusal?.fields[k];
  return (
    <Modal opened onClose={onClose} title="Record cancellation" size="lg">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Expert" required searchable value={form.userId} error={err('userId')}
            data={(experts.data?.experts ?? []).map((x) => ({ value: x.id, label: x.name }))} onChange={(v) => set({ userId: v })} />
          <Select label="Job title" required allowDeselect={false} value={form.jobType} error={err('jobType')} data={jobTitles}
            onChange={(v) => set({ jobType: v })} />
          <SmartDateInput label="Scheduled for (date)" required value={form.scheduledDate} error={err('scheduledAt')}
            onChange={(v) => set({ scheduledDate: v })} />
          <SmartTimeInput label="Scheduled for (time)" required value={form.scheduledTime} onChange={(v) => set({ scheduledTime: v })} />
          <SmartDateInput label="Notice given (date)" required value={form.noticeDate} error={err('noticeGivenAt')}
            onChange={(v) => set({ noticeDate: v })} />
          <SmartTimeInput label="Notice given (time)" required value={form.noticeTime} onChange={(v) => set({ noticeTime: v })} />
          {projects.length > 1 && (
            <Select label="Project" required allowDeselect={false} value={form.projectId} error={err('projectId')}
              data={projects.map((p) => ({ value: p.id, label: p.label }))} onChange={(v) => set({ projectId: v })} />
          )}
        </SimpleGrid>
        {notice !== null && (
          <Text size="sm" c={notice < 0 ? 'red' : undefined}>
            {notice < 0 ? 'Notice was given after the event.' : `Notice: ${notice} h before the event.`}
          </Text>
        )}
        <Textarea label="Description" autosize minRows={2} value={form.description} error={err('description')}
          placeholder={form.jobType ? `${form.jobType} cancelled` : ''} onChange={(e) => set({ description: e.currentTarget.value })} />
        <RefusalAlert refusal={refusal} labels={LABELS} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={save} loading={busy}>Record cancellation</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
