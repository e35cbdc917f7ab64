import './time-tracking.css';
import { Alert, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCurrency } from '../../../core/money.ts';
import type { ExpenseRowDraft, TimeRowDraft } from '../../../core/time/time-rows.ts';
import { useUser } from '../../shared/auth.tsx';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { ApiError } from '../../lib/transport.ts';
import { reportError } from '../../lib/error-store.ts';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { savedTime, type ExpenseExtra, type TimeExtra } from './api.ts';
import type { EntryStore } from '../../shared/entries/index.ts';
import type { ProjectRows } from './offline-project.ts';
import { KeptNotice } from './waiting-line.tsx';
import { ExpenseTable } from './expense-table.tsx';
import { ProjectSearchBox, useProjectBoxShortcut } from '../../shared/project-picker/index.ts';
import type { ResultMessage } from './result-dialog.tsx';
import { ResultModal } from './result-modal.tsx';
import { TimeTable } from './time-table.tsx';
import { anyLostOf, anyUnsavedOf, expenseTotalOf, timeCostOf } from './totals.ts';
import { useStoreValue, useTotalAfterPaint } from './use-store.ts';
import { useToday } from '../../ui/today.ts';

const ActionItemsCard = lazy(() => import('../action-items/index.ts').then((m) => ({ default: m.ActionItemsCard })));
// The timer (issue 25) too comes after the first paint: the page's first load stays in its budget.
const TimerPanel = lazy(() => import('../timesheet/index.ts').then((m) => ({ default: m.TimerPanel })));

type Loaded = ProjectRows;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /time-tracking (SPEC §2): pick a project, log time and expenses, saved automatically. */
export default function TimeTrackingPage() {
  const user = useUser();
  const { initials, id: userId } = user;
  useProjectBoxShortcut();
  const [params, setParams] = useSearchParams();
  const projectParam = params.get('project');
  const projectId = projectParam && UUID.test(projectParam) ? projectParam : null;
  const [mode, setMode] = useState<'time' | 'expense'>('time');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);
  // The picked hit's label shows at once, before the project's entries arrive.
  const [pickedHit, setPickedHit] = useState<{ id: string; label: string } | null>(null);
  const [result, setResult] = useState<ResultMessage | null>(null);
  const showResult = useCallback((kind: 'success' | 'error', message: string) => setResult({ kind, message, at: Date.now() }), []);
  const closeResult = useCallback(() => setResult(null), []);
  // The card's code is fetched once the page has painted: the project box never waits for it.
  const cardShown = useAfterPaint();
  const today = useToday();

  useEffect(() => {
    if (!projectId) {
      setLoaded(null);
      return;
    }
    let cancelled = false;
    let stores: Loaded | null = null;
    setLoaded(null);
    setLoading(true);
    // The offline part (the queue, the kept copy) comes with the project, not with the page's first load.
    import('./offline-project.ts')
      .then(async (offline) => {
        if (cancelled) return;
        const opened = await offline.openProject(userId, projectId);
        if (cancelled) return;
        stores = offline.rowStores(opened, { userId, projectId, initials, today, onError: (message) => showResult('error', message) });
        setLoaded(stores);
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        if (e instanceof ApiError && e.status === 404) setParams({}, { replace: true });
        reportError(e, { source: 'time-tracking load', projectId });
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
      // Rows still waiting for their debounce are saved now rather than lost with the page; the
      // rest (refused, incomplete) the user agreed to discard when asked.
      stores?.time.dispose();
      stores?.expenses.dispose();
    };
  }, [projectId, showResult, setParams, initials, userId, today]);

  const money = user.isSuperAdmin && loaded?.data.money === true;
  const enteredBy = loaded?.data.enteredBy;
  const editor = useMemo(() => ({ id: user.id, role: user.role, enteredBy: enteredBy ?? {} }), [user.id, user.role, enteredBy]);
  const timeStore = loaded?.time ?? null;
  const expenseStore = loaded?.expenses ?? null;

  const pickedLabel = loaded?.data.project.label
    ?? (projectId ? (pickedHit?.id === projectId ? pickedHit.label : 'Loading...') : null);
  return (
    <Stack gap="md">
      {loading && <LoadingOverlay />}
      <UnsavedGuard time={timeStore} expenses={expenseStore} />
      <Title order={2}>Time Tracking</Title>
      <Card withBorder padding="md" style={{ overflow: 'visible', zIndex: 5 }}>
        <ProjectSearchBox
          pickedLabel={pickedLabel}
          onPick={(hit) => {
            setPickedHit(hit);
            setParams({ project: hit.id });
          }}
          onReset={() => setParams({})}
        />
        {loaded && <Text size="sm" c="dimmed" mt={6}>Client: {loaded.data.project.clientName} · File {loaded.data.project.fileNumber}</Text>}
        {loaded?.keptAt != null && <KeptNotice keptAt={loaded.keptAt} />}
      </Card>
      {loaded && (cardShown ? (
        <Suspense fallback={<TimerSpace />}>
          <TimerPanel projectId={loaded.data.project.id} jobTitles={loaded.data.jobTitles}
            onBooked={(entry) => entry.projectId === loaded.data.project.id && loaded.time.addSaved(entry.id, savedTime(entry))} />
        </Suspense>
      ) : <TimerSpace />)}
      <Card withBorder padding="md">
        <SegmentedControl mb="md" value={mode} onChange={(v) => setMode(v as 'time' | 'expense')}
          data={[{ value: 'time', label: 'Log Time' }, { value: 'expense', label: 'Log Expense' }]} />
        {mode === 'time'
          ? <TimeTable store={timeStore} jobTitles={loaded?.data.jobTitles ?? []} money={money} showResult={showResult} editor={editor} />
          : <ExpenseTable store={expenseStore} showResult={showResult} editor={editor} />}
        {money && timeStore && expenseStore && <GrandTotal time={timeStore} expenses={expenseStore} />}
        <Group gap={6} mt="md" c="dimmed">
          <IconDeviceFloppy size={16} />
          <Text size="sm">Entries are saved automatically as you type.</Text>
        </Group>
      </Card>
      {loaded && loaded.data.jobTitles.length === 0 && mode === 'time' && (
        <Alert color="yellow">This project's case has no active job titles in its rate code.</Alert>
      )}
      <Suspense fallback={<CardLoading />}>
        {cardShown ? <ActionItemsCard projectId={loaded?.data.project.id ?? null} /> : <CardLoading />}
      </Suspense>
      <ResultModal result={result} onClose={closeResult} />
    </Stack>
  );
}

/** The timer's card while its code loads: as tall as the card with its start form (timer-panel.tsx), so the table stays put. */
function TimerSpace() {
  return <Card withBorder h={133} aria-busy="true"><Text c="dimmed">Loading the timer...</Text></Card>;
}

function CardLoading() {
  return <Card withBorder aria-busy="true"><Text c="dimmed">Loading action items...</Text></Card>;
}

/**
 * Asks the unsaved-changes question before leaving the page while any row is unsaved, and before
 * going to another project (a pick, Reset, back or forward) while a row would be lost: rows that
 * only wait for their debounce are saved on the way out. It re-renders only when one of its two
 * flags changes, never per keystroke.
 */
function UnsavedGuard({ time, expenses }: {
  time: EntryStore<TimeRowDraft, TimeExtra> | null; expenses: EntryStore<ExpenseRowDraft, ExpenseExtra> | null;
}) {
  const unsaved = [useStoreValue(time, anyUnsavedOf, false), useStoreValue(expenses, anyUnsavedOf, false)];
  const wouldLose = [useStoreValue(time, anyLostOf, false), useStoreValue(expenses, anyLostOf, false)];
  useUnsavedChanges(unsaved.includes(true));
  useUnsavedChanges(wouldLose.includes(true), { queryToo: true });
  return null;
}

/** Grand Total: time cost plus expense amount (super admins only). */
function GrandTotal({ time, expenses }: { time: EntryStore<TimeRowDraft, TimeExtra>; expenses: EntryStore<ExpenseRowDraft, ExpenseExtra> }) {
  const total = useTotalAfterPaint(time, timeCostOf) + useTotalAfterPaint(expenses, expenseTotalOf);
  return (
    <Text fw={700} size="lg" ta="right" mt="md" data-testid="grand-total">
      <span className="tt-fixed">Grand Total: {formatCurrency(total)}</span>
    </Text>
  );
}
