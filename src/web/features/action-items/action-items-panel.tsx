import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  changedFields, DEFAULT_FILTER, DEFAULT_SORT, emptyMessage, filterActionItems, FORM_MESSAGES, formProblems, nextSort,
  sortActionItems, type ActionItemFilter, type SortState,
} from '../../../core/action-items.ts';
import type { TActionItem, TCardProject } from '../../../core/api/action-items.ts';
import { ACTION_ITEM_LIMITS, tooLongProblems } from '../../../core/limits.ts';
import { formRefusal, readRefusal, withoutFields, type Refusal } from '../../lib/refusal.ts';
import { useCloseGuard } from '../../ui/close-guard.tsx';
import { formResetAfterChoiceMs } from '../../../core/calendar/calendar.ts';
import { toIsoDate } from '../../../core/smart-date.ts';
import { ApiError } from '../../lib/transport.ts';
import { newId } from '../../lib/new-id.ts';
import { ActionItemForm } from './action-item-form.tsx';
import { FORM_FIELDS, initialForm, REQUEST_NAMES, type FormField, type FormState } from './form-state.ts';
import { ActionItemsFilters, assigneeOptions } from './action-items-filters.tsx';
import { ActionItemsTable } from './action-items-table.tsx';
import { PdfReportButton } from './pdf-report-button.tsx';
import { createActionItemOnce, getActionItem, storeItem, updateActionItem, useActionItemEvents, useActionItems, useAssignableUsers } from './api.ts';
import { RequiredFieldsModal } from './required-fields-modal.tsx';
import { ResultToast, type SaveResult } from './result-toast.tsx';
import { useRowActions } from './use-row-actions.ts';
import { markQueued, removeFromCalendar, unlinkFromCalendar, useSyncStatus } from './calendar-api.ts';
import type { CalendarOffChoice } from './calendar-toggle.tsx';
import { SyncIndicator } from './sync-indicator.tsx';

interface Props {
  /** card: one project, inline form. dashboard: every project (or the one given), modal form. */
  mode: 'card' | 'dashboard';
  projectId: string | null;
  onProject?(project: TCardProject | null): void;
  /** An item to open in the form once the list holds it (the dashboard links to items so). */
  openItemId?: string | null;
}

/**
 * An open form. `initial` is fixed when it opens: a later reload of the list must not change
 * what the form counts as unsaved. `id` is the new item's id (a retried Save cannot create two).
 */
interface OpenForm {
  editing: TActionItem | null;
  initial: FormState;
  id?: string;
  /** Stays when Remove/Unlink refreshes `editing`, so the user's edits are kept. */
  key: string;
}

export function ActionItemsPanel({ mode, projectId, onProject, openItemId }: Props) {
  const dashboard = mode === 'dashboard';
  const enabled = dashboard || projectId !== null;
  const client = useQueryClient();
  const list = useActionItems(projectId, enabled);
  useActionItemEvents(projectId, enabled);
  const users = useAssignableUsers();
  const calendar = useSyncStatus(projectId).data?.available ?? false;
  const rows = useRowActions(projectId);
  const [filter, setFilter] = useState<ActionItemFilter>(DEFAULT_FILTER);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  // null: closed; { editing: null }: adding.
  const [open, setOpenState] = useState<OpenForm | null>(null);
  // Update met someone else's newer save: their item, until the user picks a version.
  const [conflict, setConflict] = useState<TActionItem | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  // The last save's refusal, shown in the form with the fields it names (docs/decisions/037).
  const [refusal, setRefusal] = useState<Refusal<FormField> | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SaveResult | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const project = list.data?.project ?? null;
  // The timed reset after Remove/Unlink (SPEC §9), and whether the open form holds unsaved edits.
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dirty = useRef(false);
  const onDirtyChange = useCallback((d: boolean) => void (dirty.current = d), []);
  const setOpen = useCallback((next: OpenForm | null) => {
    clearTimeout(resetTimer.current);
    setConflict(null);
    setRefusal(null);
    setOpenState(next);
  }, []);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  // Switching project closes the form (the stream switch happens in useActionItemEvents).
  useEffect(() => setOpen(null), [projectId, setOpen]);
  useEffect(() => onProject?.(project), [onProject, project]);
  useEffect(() => {
    if (open && !dashboard) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [open, dashboard]);

  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const people = assigneeOptions(items);
  const effective = { ...filter, assignee: people.some((p) => p.value === filter.assignee) ? filter.assignee : 'all' };
  const shown = useMemo(
    () => sortActionItems(filterActionItems(items, { status: effective.status, assignee: effective.assignee }), sort.key, sort.direction),
    [items, effective.status, effective.assignee, sort],
  );
  const closeToast = useCallback(() => setResult(null), []);

  /** `base`: the saved item the edit replaces (their item when the user keeps their own version). */
  const submit = async (values: FormState, base: TActionItem | null = open?.editing ?? null) => {
    const editing = base;
    const found = formProblems(values, { needsProject: dashboard && !editing });
    if (found.length > 0) return setProblems(found);
    // Text too long to store is named under its field before anything is sent.
    const tooLong = tooLongProblems(values, ACTION_ITEM_LIMITS);
    if (Object.keys(tooLong).length > 0) return setRefusal(formRefusal(tooLong));
    const body = {
      assignee: values.assignee, shortDescription: values.shortDescription.trim(), longDescription: values.longDescription,
      dueDate: toIsoDate(values.dueDate)!, startTime: values.startTime, endTime: values.endTime,
      location: values.location.trim(), locationAddress: values.locationAddress, url: values.url.trim(),
      // Without a usable calendar the toggle is hidden: an edit leaves the item's setting alone.
      ...(calendar || !editing ? { calendarSync: calendar && values.calendarSync } : {}),
    };
    setBusy(true);
    setRefusal(null);
    try {
      const saved = editing
        ? await updateActionItem(editing.id, { ...body, version: editing.version })
        : await createActionItemOnce({ ...body, id: open?.id ?? newId(), projectId: values.projectId });
      storeItem(client, saved);
      if (saved.calendarSync) markQueued(saved.id);
      setOpen(null);
      const title = editing ? 'Action Item Updated' : 'Action Item Saved';
      setResult({
        ok: true, title: saved.calendarSync && saved.gcalSynced ? `${title} & Synced` : title, date: saved.dueDate, time: saved.time,
        fields: changedFields(editing ? initialForm(editing, null) : null, values),
      });
    } catch (caught) {
      let error = caught;
      if (editing && error instanceof ApiError && error.code === 'EDIT_CONFLICT') {
        // Show their version beside the form (details.current is the raw row; the formatted item
        // is loaded) and let the user choose; nothing is overwritten silently.
        try {
          const current = await getActionItem(editing.id);
          storeItem(client, current);
          return setConflict(current);
        } catch (reload) {
          error = reload;
        }
      }
      // The form stays open with everything typed; the refusal names its fields there.
      setRefusal(readRefusal(error, FORM_FIELDS, REQUEST_NAMES));
      const fallback = editing ? FORM_MESSAGES.updateFailed : FORM_MESSAGES.saveFailed;
      setResult({ ok: false, title: 'Error', message: error instanceof ApiError ? error.message : fallback });
    } finally {
      setBusy(false);
    }
  };

  const picked = project ? { id: project.id, label: project.label, clientName: project.client } : null;
  // A form for one project needs the project's client name: wait for the list to bring it.
  const canAdd = enabled && (projectId === null || project !== null);
  const startAdding = () => {
    const id = newId();
    setOpen({ editing: null, initial: initialForm(null, picked, calendar), id, key: id });
  };
  const startEditing = useCallback(
    (item: TActionItem) => setOpen({ editing: item, initial: initialForm(item, null), key: `${item.id}:${item.version}` }),
    [setOpen],
  );
  const openedFromLink = useRef<string | null>(null);
  useEffect(() => {
    const item = openItemId && openedFromLink.current !== openItemId ? items.find((i) => i.id === openItemId) : undefined;
    if (!item) return;
    openedFromLink.current = item.id;
    startEditing(item);
  }, [openItemId, items, startEditing]);
  /**
   * Remove or Unlink (SPEC §4). The form shows the item's new version (sync off) and resets (closes)
   * 4 s later, 8 s when the choice failed (SPEC §9), unless it holds edits not saved yet.
   */
  const calendarOff = async (choice: CalendarOffChoice) => {
    const editing = open?.editing;
    if (!editing) return false;
    let ok = false;
    let syncOff = false;
    try {
      const outcome = await (choice === 'remove' ? removeFromCalendar(editing.id) : unlinkFromCalendar(editing.id));
      ok = outcome.outcome !== 'failed';
      const fresh = await getActionItem(editing.id);
      storeItem(client, fresh);
      syncOff = !fresh.calendarSync;
      setOpenState((o) => (o && o.editing?.id === fresh.id
        ? { ...o, editing: fresh, initial: { ...o.initial, calendarSync: fresh.calendarSync } }
        : o));
      setResult({ ok, title: 'GCal Sync Disabled', message: outcome.message });
    } catch (error) {
      setResult({ ok: false, title: 'Error', message: error instanceof ApiError ? error.message : 'Failed to sync with the calendar. Please try again.' });
    }
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => {
      setOpenState((o) => (o?.editing?.id === editing.id && !dirty.current ? null : o));
    }, formResetAfterChoiceMs(ok));
    return syncOff;
  };
  const onEdit = useCallback((fields: string[]) => setRefusal((r) => withoutFields(r, fields)), []);
  // Escape, the × or a click outside the dashboard's dialog asks before typed text is dropped.
  const guard = useCloseGuard(() => dirty.current, () => setOpen(null));
  const form = open && (
    <ActionItemForm
      key={open.key}
      editing={open.editing}
      withProjectField={dashboard && !open.editing}
      initial={open.initial}
      users={users.data ?? []}
      busy={busy}
      onSubmit={(v) => void submit(v)}
      onDiscard={() => setOpen(null)}
      conflict={conflict}
      onTakeTheirs={() => conflict && startEditing(conflict)}
      onKeepMine={(v) => conflict && void submit(v, conflict)}
      calendar={calendar}
      onCalendarOff={calendarOff}
      onDirtyChange={onDirtyChange}
      refusal={refusal}
      onEdit={onEdit}
    />
  );

  return (
    // A Paper, not a Card: Card hands its children a context that is new on every render, and
    // React then searches 1,000 memoised rows for readers of it on every sort (docs/decisions/036).
    <Paper withBorder p="lg" component="section" aria-label="Action items">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3}>{dashboard ? (projectId ? 'Project action items' : 'All action items') : 'Action Items'}</Title>
            {!dashboard && project && <Text size="sm" c="dimmed">{project.label} · {project.client}</Text>}
          </div>
          <Group gap="md">
            {enabled && <SyncIndicator projectId={projectId} />}
            {enabled && <PdfReportButton projectId={projectId} filter={effective} items={items} />}
            {!open && (
              <Button leftSection={<IconPlus size={16} />} disabled={!canAdd} onClick={startAdding}>
                Add New Action Item
              </Button>
            )}
          </Group>
        </Group>
        {!enabled && <Text c="dimmed">Select a client to view action items</Text>}
        {enabled && (
          <>
            {!dashboard && open && (
              <Paper ref={formRef} withBorder p="md" bg="gray.0">
                <Title order={4} mb="sm">{open.editing ? 'Edit Action Item Details' : 'New Action Item Details'}</Title>
                {form}
              </Paper>
            )}
            <ActionItemsFilters filter={effective} onChange={setFilter} items={items} />
            {rows.message && (
              <Alert color="red" role="alert" withCloseButton onClose={rows.clearMessage}>{rows.message}</Alert>
            )}
            {list.error && <Alert color="red" role="alert">{(list.error as Error).message}</Alert>}
            {list.isPending ? <Group justify="center" py="lg"><Loader size="sm" /></Group> : (
              <ActionItemsTable
                items={shown}
                sort={sort}
                onSort={(key) => setSort((s) => nextSort(s, key))}
                statusFilter={effective.status}
                showProject={dashboard && !projectId}
                users={users.data ?? []}
                emptyText={emptyMessage(effective.assignee !== 'all' ? 'filtered' : effective.status)}
                onStatus={rows.onStatus}
                onArchive={rows.onArchive}
                onAssign={(item, id) => rows.onAssign(item, id, users.data?.find((u) => u.id === id)?.name ?? '')}
                onEdit={startEditing}
              />
            )}
          </>
        )}
      </Stack>
      {dashboard && (
        <Modal opened={open !== null} onClose={() => !busy && guard.requestClose()} size="lg"
          title={<Text fw={700}>{open?.editing ? 'Edit Action Item' : 'New Action Item'}</Text>}>
          {form}
          {guard.question}
        </Modal>
      )}
      <RequiredFieldsModal problems={problems} onClose={() => setProblems([])} />
      <ResultToast result={result} onClose={closeToast} />
    </Paper>
  );
}
