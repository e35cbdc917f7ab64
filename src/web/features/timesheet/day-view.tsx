import { Alert, Badge, Button, Card, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarEvent, IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { TDay, TSuggestion } from '../../../core/api/timesheet.ts';
import { formatHours, parseHoursText } from '../../../core/time/hours-text.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { ProjectSearchBox } from '../../shared/project-picker/index.ts';
import { useAcceptSuggestion, useDay } from './day-api.ts';
import { useJobTitles } from './timer-api.ts';
import { LoadingBlock } from '../../ui/loading-block';
import { firmTime } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';

interface Props {
  /** The day, YYYY-MM-DD. */
  date: string;
  /** Whose day (the timesheet's person). */
  userId: string;
  /** A suggestion became a time entry: the timesheet reloads its week. */
  onEntered: () => void;
}

/** '09:30' (a wall-clock time, no zone) or an ISO instant (read on the firm's clock) → '9:30 AM'. */
function clock(value: string, timeZone: string): string {
  const bare = /^(\d{1,2}):(\d{2})/.exec(value);
  if (bare) return firmTime(Date.UTC(2000, 0, 1, Number(bare[1]), Number(bare[2])), 'UTC');
  return Number.isNaN(Date.parse(value)) ? value : firmTime(value, timeZone);
}

/**
 * The day view (issue 25): the person's action items with a start and end that day and, when
 * the firm's Google Calendar is connected, the day's events; one click turns one into time.
 */
export function DayView({ date, userId, onEntered }: Props) {
  const day = useDay(date, userId);
  const card = useRef<HTMLElement>(null);
  // It opens below the week's grid, often below the fold: brought into sight when a day is opened (issue 38).
  useEffect(() => {
    const element = card.current;
    if (!element) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Its top first when it is taller than the window.
    const block = element.getBoundingClientRect().height > window.innerHeight ? 'start' : 'nearest';
    element.scrollIntoView({ block, behavior: still ? 'auto' : 'smooth' });
  }, [date]);
  return (
    <Card ref={card} withBorder padding="md" component="section" aria-labelledby="day-view-title" style={{ overflow: 'visible', scrollMargin: 16 }}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarEvent size={20} color="var(--mantine-color-indigo-6)" />
          <Title order={4} id="day-view-title">The day's calendar · {formatUsDate(date)}</Title>
        </Group>
        <Text size="sm" c="dimmed">Nothing is entered until you click Enter as time.</Text>
        {day.error && <Alert color="red" role="alert">{day.error.message}</Alert>}
        {!day.data && !day.error && <LoadingBlock h={80} label="Loading the day" />}
        {day.data && <DayLists day={day.data} userId={userId} onEntered={onEntered} />}
      </Stack>
    </Card>
  );
}

function DayLists({ day, userId, onEntered }: { day: TDay; userId: string; onEntered(): void }) {
  const { calendar } = day;
  return (
    <>
      <Text fw={600} size="sm">Action items</Text>
      <Suggestions list={day.actionItems} date={day.date} userId={userId} onEntered={onEntered}
        empty="No action items with a start and end time on this day." />
      <Text fw={600} size="sm">Calendar events</Text>
      {calendar.state === 'not-connected' && (
        <Text size="sm" c="dimmed">Google Calendar is not connected, so only action items are listed.</Text>
      )}
      {calendar.state === 'failed' && (
        <Alert color="yellow" role="alert">The calendar could not be read: {calendar.message}</Alert>
      )}
      {calendar.state === 'connected' && (
        <Suggestions list={day.events} date={day.date} userId={userId} onEntered={onEntered} empty="No calendar events on this day." />
      )}
    </>
  );
}

function Suggestions({ list, empty, ...rest }: { list: TSuggestion[]; empty: string; date: string; userId: string; onEntered(): void }) {
  if (list.length === 0) return <Text size="sm" c="dimmed">{empty}</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {list.map((s) => <SuggestionRow key={s.source} s={s} {...rest} />)}
    </Stack>
  );
}

function SuggestionRow({ s, date, userId, onEntered }: { s: TSuggestion; date: string; userId: string; onEntered(): void }) {
  const [project, setProject] = useState(s.projectId && s.projectLabel ? { id: s.projectId, label: s.projectLabel } : null);
  const [jobType, setJobType] = useState<string | null>(s.jobType);
  const [hoursText, setHoursText] = useState(formatHours(s.hours));
  const titles = useJobTitles(project?.id ?? null);
  const accept = useAcceptSuggestion();
  const timeZone = useFirmTimeZone();
  const options = titles.data ?? [];
  const job = jobType ?? (options.length === 1 ? options[0]! : null);
  const jobOptions = job && !options.includes(job) ? [job, ...options] : options;
  const hours = parseHoursText(hoursText);
  const entered = s.entryId !== null || accept.isSuccess;
  const hoursError = hours.ok ? (hours.value > 0 ? null : 'Hours must be above 0') : hours.error;
  const ready = project !== null && job !== null && hoursError === null;
  const enter = () => {
    if (!ready || !hours.ok) return;
    accept.mutate(
      { userId, source: s.source, date, projectId: project.id, jobType: job, hours: hours.value, title: s.title },
      { onSuccess: onEntered },
    );
  };
  return (
    <Paper component="li" withBorder p="sm" aria-label={s.title}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <div>
            <Text fw={600}>{s.title}</Text>
            <Text size="sm" c="dimmed">{clock(s.start, timeZone)} – {clock(s.end, timeZone)} · {formatHours(s.hours)} h</Text>
          </div>
          {entered && <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>Entered as time</Badge>}
        </Group>
        {!entered && (
          <>
            <ProjectSearchBox pickedLabel={project?.label ?? null} onPick={(hit) => {
              setProject({ id: hit.id, label: hit.label });
              setJobType(null);
            }} onReset={() => setProject(null)} />
            <Group align="flex-start" gap="sm">
              <Select label="Job title" placeholder={project ? 'Select job title' : 'Pick a project first'} data={jobOptions}
                value={job} onChange={setJobType} disabled={!project} searchable style={{ flex: 1, minWidth: 180 }} />
              <TextInput label="Hours" value={hoursText} w={110} error={hoursText.trim() ? hoursError : null}
                onChange={(e) => setHoursText(e.currentTarget.value)} />
            </Group>
            <Group>
              <Button onClick={enter} disabled={!ready} loading={accept.isPending}>Enter as time</Button>
            </Group>
          </>
        )}
        {accept.error && <Alert color="red" role="alert">{accept.error.message}</Alert>}
      </Stack>
    </Paper>
  );
}
