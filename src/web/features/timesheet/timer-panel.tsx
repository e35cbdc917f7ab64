import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop, IconStopwatch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TTimeEntry } from '../../../core/api/time-tracking.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { WEEK_MESSAGES } from '../../../core/time/weeks.ts';
import { ProjectSearchBox } from '../../shared/project-picker/index.ts';
import {
  clockText, elapsedMs, useDiscardTimer, useJobTitles, useStartTimer, useStopTimer, useTimer, type TimerAnswer,
} from './timer-api.ts';
import { LoadingBlock } from '../../ui/loading-block';
import { ApiError } from '../../lib/transport.ts';
import { firmTime } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';

interface Props {
  /** A project page's project: the timer starts on it (no project search). */
  projectId?: string;
  /** That project's job titles, when the page has them already. */
  jobTitles?: string[];
  /** A stop booked this entry (the page showing its project adds the row). */
  onBooked?: (entry: TTimeEntry) => void;
}

/** The start form's height on a project's page (a labelled job title select and its button). */
const IDLE_FORM_H = 61;

const dayLabel = (iso: string) =>
  `${new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', { weekday: 'long' })} ${formatUsDate(iso)}`;

/**
 * The timer (issue 25): start one on a project and job title, see it run, stop it into a time
 * entry rounded by the firm's rule, or discard it. One per person, kept on the server.
 */
export function TimerPanel({ projectId, jobTitles, onBooked }: Props) {
  const timer = useTimer();
  // Outside the running part: the sentence stays once the timer is gone.
  const [booked, setBooked] = useState<string | null>(null);
  // Without a page's project the form opens on request: no second project box on the page.
  const [starting, setStarting] = useState(false);
  const idle = timer.data && !timer.data.timer;
  const offline = timer.isPaused || (timer.error instanceof ApiError && timer.error.status === 0);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="timer-title" style={{ overflow: 'visible' }}>
      <Stack gap="sm">
        <Group gap="xs">
          <IconStopwatch size={20} color="var(--mantine-color-indigo-6)" />
          <Title order={4} id="timer-title">Timer</Title>
        </Group>
        {/* Offline the timer (kept on the server) cannot be read: said, not an endless skeleton or an error. */}
        {!timer.data && offline && <Text size="sm" c="dimmed">No connection: the timer is kept on the server and shows once the connection returns.</Text>}
        {timer.error && !offline && <Alert color="red" role="alert">{timer.error.message}</Alert>}
        {/* As tall as what comes when no timer runs (the usual case): the start form on a project's page, else
            the "No timer is running" line, so the page below does not move when the answer comes. */}
        {!timer.data && !timer.error && !offline && <LoadingBlock h={projectId ? IDLE_FORM_H : 36} label="Loading the timer" />}
        {timer.data?.timer && <Running answer={timer.data} onBooked={(entry, text) => {
          setBooked(text);
          onBooked?.(entry);
        }} />}
        {idle && (projectId || starting) && <StartForm projectId={projectId} jobTitles={jobTitles} onStart={() => {
          setBooked(null);
          setStarting(false);
        }} onCancel={projectId ? undefined : () => setStarting(false)} />}
        {idle && !projectId && !starting && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">No timer is running.</Text>
            <Button variant="light" leftSection={<IconPlayerPlay size={16} />} onClick={() => setStarting(true)}>Start a timer</Button>
          </Group>
        )}
        {booked && <Text size="sm" c="teal" role="status">{booked}</Text>}
      </Stack>
    </Card>
  );
}

function StartForm({ projectId, jobTitles, onStart, onCancel }: Pick<Props, 'projectId' | 'jobTitles'> & { onStart(): void; onCancel?: () => void }) {
  const [picked, setPicked] = useState<{ id: string; label: string } | null>(null);
  const chosen = projectId ?? picked?.id ?? null;
  const titles = useJobTitles(chosen, jobTitles);
  const options = jobTitles ?? titles.data ?? [];
  const [jobType, setJobType] = useState<string | null>(null);
  const start = useStartTimer();
  const only = options.length === 1 ? options[0]! : null;
  const job = jobType !== null && options.includes(jobType) ? jobType : only;
  return (
    <form onSubmit={(e) => {
      e.preventDefault();
      if (chosen && job) start.mutate({ projectId: chosen, jobType: job }, { onSuccess: onStart });
    }}>
      <Stack gap="sm">
        {!projectId && (
          <ProjectSearchBox pickedLabel={picked?.label ?? null} onPick={(hit) => setPicked({ id: hit.id, label: hit.label })}
            onReset={() => setPicked(null)} />
        )}
        <Group align="flex-end" gap="sm">
          <Select label="Job title" placeholder={chosen ? 'Select job title' : 'Pick a project first'} data={options}
            value={job} onChange={setJobType} disabled={!chosen} searchable style={{ flex: 1, minWidth: 200 }}
            nothingFoundMessage="This project's case has no active job titles" />
          <Button type="submit" leftSection={<IconPlayerPlay size={16} />} disabled={!chosen || !job} loading={start.isPending}>
            Start timer
          </Button>
          {onCancel && <Button variant="subtle" color="gray" onClick={onCancel}>Cancel</Button>}
        </Group>
        {titles.error && <Alert color="red" role="alert">{titles.error.message}</Alert>}
        {start.error && <Alert color="red" role="alert">{start.error.message}</Alert>}
      </Stack>
    </form>
  );
}

function Running({ answer, onBooked }: { answer: TimerAnswer; onBooked(entry: TTimeEntry, text: string): void }) {
  const timer = answer.timer!;
  const timeZone = useFirmTimeZone();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  const stop = useStopTimer((entry) =>
    onBooked(entry, `Booked ${entry.hours} h on ${formatUsDate(entry.entryDate)} to ${timer.projectLabel}.`));
  const discard = useDiscardTimer();
  const [confirming, setConfirming] = useState(false);
  const pickDay = stop.data?.status === 'pick-day' ? stop.data : null;
  const doStop = (day?: string) => stop.mutate(day);
  const error = stop.error ?? discard.error;
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="wrap">
        <Text role="timer" aria-label="Time running" fz={28} fw={700} ff="monospace">{clockText(elapsedMs(answer, now))}</Text>
        <div style={{ flex: 1, minWidth: 180 }}>
          <Text fw={600}>{timer.projectLabel}</Text>
          <Text size="sm" c="dimmed">{timer.jobType} · started {firmTime(timer.startedAt, timeZone, true)}</Text>
        </div>
        {!confirming && (
          <Group gap="xs">
            <Button color="red" leftSection={<IconPlayerStop size={16} />} loading={stop.isPending} onClick={() => doStop()}>Stop</Button>
            <Button variant="subtle" color="gray" onClick={() => setConfirming(true)}>Discard</Button>
          </Group>
        )}
      </Group>
      {confirming && (
        <Alert color="yellow" title="Discard this timer?">
          <Text size="sm" mb="xs">Its time is not booked anywhere.</Text>
          <Group gap="xs">
            <Button color="red" size="xs" loading={discard.isPending} onClick={() => discard.mutate()}>Discard time</Button>
            <Button variant="default" size="xs" onClick={() => setConfirming(false)}>Keep the timer</Button>
          </Group>
        </Alert>
      )}
      {pickDay && (
        <Alert color="blue" title={WEEK_MESSAGES.pickDay}>
          <Group gap="xs" role="group" aria-label="Day to book the timer on">
            {pickDay.days.map((day) => (
              <Button key={day} variant="light" loading={stop.isPending} onClick={() => doStop(day)}>{dayLabel(day)}</Button>
            ))}
          </Group>
          <Text size="sm" mt="xs">{pickDay.hours} h will be booked.</Text>
        </Alert>
      )}
      {error && <Alert color="red" role="alert">{error.message}</Alert>}
    </Stack>
  );
}
