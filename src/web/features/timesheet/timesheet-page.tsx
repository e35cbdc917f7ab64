import './timesheet.css';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import type { TProjectHit } from '../../../core/api/projects.ts';
import { useUser } from '../../shared/auth.tsx';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { useProjectBoxShortcut } from '../../shared/project-picker/index.ts';
import { AddRow } from './add-row.tsx';
import { addSheetRow, copyLastWeek, removeSheetRow } from './api.ts';
import { rowId, type CellStore, type SheetRow } from './cell-store.ts';
import { Conflicts } from './conflicts.tsx';
import { DayView } from './day-view.tsx';
import { Grid } from './grid.tsx';
import { focusCell, type GridContext } from './grid-context.ts';
import { Selection, SidePanel } from './side-panel.tsx';
import { TimerPanel } from './timer-panel.tsx';
import { useSheet } from './use-sheet.ts';
import { useWeekActions } from './use-week-actions.tsx';
import { PersonPicker, WeekActions, WeekNav, WeekStatusLine } from './week-bar.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

type Notice = { kind: 'error' | 'lock' | 'info'; message: string; at: number };

/** /timesheet (issue 25): a person's week, project × job title by day, saved as it is typed. */
export default function TimesheetPage() {
  const user = useUser();
  useProjectBoxShortcut();
  const [params, setParams] = useSearchParams();
  const week = ISO.test(params.get('week') ?? '') ? params.get('week') : null;
  const asked = params.get('user');
  const userId = asked && UUID.test(asked) && asked !== user.id ? asked : null;
  const [notice, setNotice] = useState<Notice | null>(null);
  const say = useCallback((kind: Notice['kind'], message: string) => setNotice({ kind, message, at: Date.now() }), []);
  const onSaveError = useCallback((message: string) => say('error', message), [say]);
  const { loaded, setLoaded, loading, reload } = useSheet(week, userId, onSaveError, user.id);
  const [selection] = useState(() => new Selection());
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lock = loaded?.week.lockMessage ?? null;
  const store = loaded?.store;
  const index = loaded?.index;
  const ctx = useMemo<GridContext | null>(() => (store && index ? {
    store, index, lock,
    select: (cell, now) => (now ? selection.setNow(cell) : selection.set(cell)),
    refuse: (message) => say('lock', message),
    failed: (message) => say('error', `Failed to delete entry: ${message}`),
    openPanel: (cell) => {
      selection.setNow(cell);
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.ts-panel textarea, .ts-panel input')?.focus());
    },
  } : null), [store, index, lock, selection, say]);

  const go = (next: { week?: string | null; user?: string | null }) => {
    const search: Record<string, string> = {};
    const w = next.week === undefined ? week : next.week;
    const u = next.user === undefined ? userId : next.user;
    if (u && u !== user.id) search.user = u;
    if (w) search.week = w;
    setOpenDay(null);
    setNotice(null);
    setParams(search);
  };
  const actions = useWeekActions(loaded, userId, setLoaded, say);

  if (!loaded || !ctx) {
    if (loading) return <LoadingOverlay />;
    return <Alert color="red" title="The timesheet could not be loaded."><Button mt="xs" variant="default" onClick={() => void reload()}>Try again</Button></Alert>;
  }
  const { sheet, rows } = loaded;
  const body = { ...(userId ? { userId } : {}), weekStart: sheet.weekStart };

  const addRow = async (project: TProjectHit, jobType: string) => {
    const id = rowId(project.id, jobType);
    if (rows.some((r) => r.id === id)) {
      focusCell(rows.findIndex((r) => r.id === id), 0);
      return true;
    }
    setBusy(true);
    try {
      await addSheetRow({ ...body, projectId: project.id, jobType });
      const row: SheetRow = { id, projectId: project.id, projectLabel: project.label, clientName: project.clientName, jobType, kept: true };
      setLoaded({ ...loaded, rows: [...rows, row] });
      requestAnimationFrame(() => focusCell(rows.length, 0));
      return true;
    } catch (e) {
      say('error', `Failed to add the row: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const removeRow = (row: SheetRow) => {
    removeSheetRow({ ...body, projectId: row.projectId, jobType: row.jobType })
      .then(() => setLoaded((now) => now && { ...now, rows: now.rows.filter((r) => r.id !== row.id) }))
      .catch((e: unknown) => say('error', `Failed to remove the row: ${e instanceof Error ? e.message : String(e)}`));
  };
  const copy = () => {
    setBusy(true);
    copyLastWeek(body)
      .then(async ({ added }) => {
        say('info', added === 0 ? "Last week's rows are all here already." : `${added} ${added === 1 ? 'row' : 'rows'} copied from last week.`);
        await reload();
      })
      .catch((e: unknown) => say('error', `Failed to copy last week's rows: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => setBusy(false));
  };

  const own = sheet.person.id === user.id;
  return (
    <Stack gap="md" className="ts-page">
      <UnsavedGuard store={loaded.store} />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{own ? 'Timesheet' : `Timesheet of ${sheet.person.name}`}</Title>
        {sheet.mayApprove && <PersonPicker personId={sheet.person.id} weekStart={sheet.weekStart} onPerson={(id) => go({ user: id })} />}
      </Group>
      {own && <TimerPanel onBooked={() => void reload()} />}
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <WeekNav weekStart={sheet.weekStart} onWeek={(w) => go({ week: w })} />
            <WeekActions week={loaded.week} mayDecide={sheet.mayDecide} ownDecidedByOthers={sheet.mayApprove && !sheet.mayDecide} busy={actions.busy} onAction={actions.start} />
          </Group>
          <WeekStatusLine week={loaded.week} />
        </Stack>
      </Card>
      {notice && (
        <Alert key={notice.at} role="alert" data-testid="sheet-notice" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}
          color={notice.kind === 'info' ? 'blue' : notice.kind === 'lock' ? 'gray' : 'red'}>{notice.message}</Alert>
      )}
      <Conflicts store={loaded.store} />
      <div className="ts-layout">
        <Card withBorder padding="xs" className="ts-grid-card">
          <Grid ctx={ctx} rows={rows} days={sheet.days} openDay={openDay} onDay={(d) => setOpenDay((now) => (now === d ? null : d))} onRemoveRow={removeRow} />
          <Text size="xs" c="dimmed" mt="xs">
            Type hours as 1.5, 1:30, 90m or 1h 30m. Arrows move, Enter edits and saves, Esc cancels. Saved automatically.
          </Text>
        </Card>
        <SidePanel ctx={ctx} selection={selection} rows={rows} days={sheet.days} />
      </div>
      {openDay && <DayView date={openDay} userId={sheet.person.id} onEntered={() => void reload()} />}
      {!lock && (
        <Card withBorder padding="md" style={{ overflow: 'visible' }}>
          <Stack gap="sm">
            <AddRow disabled={busy} busy={busy} onAdd={addRow} />
            <Group><Button variant="default" onClick={copy} loading={busy}>Copy last week's rows</Button></Group>
          </Stack>
        </Card>
      )}
      {actions.dialogs(ctx, rows, sheet.days)}
    </Stack>
  );
}

/** Asks before leaving while a cell is not saved; renders again only when that answer changes. */
function UnsavedGuard({ store }: { store: CellStore }) {
  useUnsavedChanges(useSyncExternalStore(store.subscribe, () => store.unsavedCount() > 0));
  return null;
}
