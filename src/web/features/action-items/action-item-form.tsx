import { Button, Grid, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { FORM_FIELD_LABELS, FORM_MESSAGES } from '../../../core/action-items.ts';
import type { TActionItem, TAssignableUser } from '../../../core/api/action-items.ts';
import { AUTO_END_MINUTES } from '../../../core/constants.ts';
import { parseSmartDate } from '../../../core/smart-date.ts';
import { addMinutes } from '../../../core/smart-time.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { SmartDateInput } from '../../ui/smart-date-input.tsx';
import { SmartTimeInput } from '../../ui/smart-time-input.tsx';
import { AssigneeInput } from './assignee-input.tsx';
import { CalendarToggle, type CalendarOffChoice } from './calendar-toggle.tsx';
import { ConflictNotice } from './conflict-notice.tsx';
import { initialForm, type FormField, type FormState } from './form-state.ts';
import { LocationField } from './location-field.tsx';
import { ProjectField } from '../../shared/project-picker/project-field.tsx';
import { HistoryPanel } from '../../shared/history/history-panel.tsx';
import type { Refusal } from '../../lib/refusal.ts';
import { RefusalAlert, useFocusRefused } from '../../ui/refusal-alert.tsx';
import { useToday } from '../../ui/today.ts';

interface Props {
  editing: TActionItem | null;
  /** Dashboard create: the form has the Project field. */
  withProjectField: boolean;
  initial: FormState;
  users: readonly TAssignableUser[];
  busy: boolean;
  onSubmit(values: FormState): void;
  onDiscard(): void;
  /** Update met someone else's newer save: their item as the server has it now. */
  conflict?: TActionItem | null;
  /** Reload the form from their item. */
  onTakeTheirs?(): void;
  /** Save these values over their item (with its version). */
  onKeepMine?(values: FormState): void;
  /** The calendar is connected: the form shows the sync toggle. */
  calendar?: boolean;
  /** Remove or Unlink the editing item's event (the toggle turned off on a synced item); true when sync is off after it. */
  onCalendarOff?(choice: CalendarOffChoice): Promise<boolean>;
  /** Whether the form holds edits not saved yet (a timed reset leaves such a form alone). */
  onDirtyChange?(dirty: boolean): void;
  /** The last save's refusal: its message above the buttons, each named field's problem under it. */
  refusal?: Refusal<FormField> | null;
  /** Fields the user changed (their refusal problem goes away). */
  onEdit?(fields: string[]): void;
}

/** The fields and buttons of the action item form (SPEC §2), shared by the inline and modal forms. */
export function ActionItemForm(props: Props) {
  const { editing, withProjectField, initial, users, busy, onSubmit, onDiscard, conflict } = props;
  const [form, setForm] = useState<FormState>(initial);
  const today = useToday();
  // An end that is not start + 30 minutes was set by hand and is left alone.
  const [endByHand, setEndByHand] = useState(
    Boolean(initial.endTime && initial.endTime !== addMinutes(initial.startTime, AUTO_END_MINUTES)),
  );
  const { refusal = null, onEdit } = props;
  const set = (patch: Partial<FormState>) => {
    onEdit?.(Object.keys(patch));
    setForm((f) => ({ ...f, ...patch }));
  };
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  // The panel closes the form when the project changes (?project=): that asks first too.
  useUnsavedChanges(dirty, { queryToo: true });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusRefused(formRef, refusal);
  const problem = refusal?.fields ?? {};
  const { onDirtyChange } = props;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const withSync = Boolean(props.calendar && form.calendarSync);
  const syncing = busy && withSync;
  const submitLabel = withSync ? 'Save & Sync' : editing ? 'Update' : 'Save';

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!conflict) onSubmit(form);
      }}
    >
      <Stack gap="sm">
        {conflict && (
          <ConflictNotice
            theirs={initialForm(conflict, null)}
            theirAssigneeName={conflict.assigneeName}
            mine={form}
            opened={initial}
            users={users}
            busy={busy}
            onTakeTheirs={() => props.onTakeTheirs?.()}
            onKeepMine={() => props.onKeepMine?.(form)}
          />
        )}
        {withProjectField && (
          <ProjectField
            value={form.project}
            error={problem.projectId}
            onChange={(p) => set({ project: p, projectId: p?.id ?? '', clientName: p?.clientName ?? '' })}
          />
        )}
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Client Name" readOnly value={form.clientName} variant="filled" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <AssigneeInput users={users} value={form.assignee} onChange={(assignee) => set({ assignee })} error={problem.assignee} />
          </Grid.Col>
        </Grid>
        <TextInput
          label="Short Description"
          withAsterisk
          value={form.shortDescription}
          error={problem.shortDescription}
          onChange={(e) => set({ shortDescription: e.currentTarget.value })}
        />
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <SmartDateInput
              label="Date"
              withAsterisk
              value={form.dueDate}
              error={problem.dueDate}
              onChange={(dueDate) => set({ dueDate })}
              onBlur={(e) => {
                const text = e.currentTarget.value.trim();
                const parsed = text ? parseSmartDate(text, today()) : null;
                set({ dateError: parsed && !parsed.ok ? parsed.error || FORM_MESSAGES.invalidDate : null });
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <SmartTimeInput
              label="Start Time"
              value={form.startTime}
              error={problem.startTime}
              onChange={(startTime) => set(endByHand
                ? { startTime }
                : { startTime, endTime: startTime ? addMinutes(startTime, AUTO_END_MINUTES) : '' })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <SmartTimeInput
              label="End Time"
              value={form.endTime}
              error={problem.endTime}
              onChange={(endTime) => {
                setEndByHand(endTime !== '');
                set({ endTime });
              }}
            />
          </Grid.Col>
        </Grid>
        <Grid gutter="sm" align="flex-start">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <LocationField
              value={{ location: form.location, locationAddress: form.locationAddress }}
              onChange={(v) => set(v)}
              error={problem.location}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              label="Meeting URL"
              placeholder="Optional"
              type="url"
              value={form.url}
              error={problem.url}
              onChange={(e) => set({ url: e.currentTarget.value })}
            />
          </Grid.Col>
        </Grid>
        <Textarea
          label="Long Description"
          autosize
          minRows={3}
          maxRows={14}
          value={form.longDescription}
          error={problem.longDescription}
          onChange={(e) => set({ longDescription: e.currentTarget.value })}
        />
        <RefusalAlert refusal={refusal} labels={FORM_FIELD_LABELS} />
        <Group justify="space-between" align="flex-start">
          {props.calendar ? (
            <CalendarToggle
              checked={form.calendarSync}
              canTurnOn={Boolean(form.dueDate.trim() && form.shortDescription.trim()) || Boolean(editing?.gcalEventId)}
              hasSyncedEvent={Boolean(editing?.gcalEventId && editing.calendarSync)}
              busy={busy}
              onChange={(calendarSync) => set({ calendarSync })}
              onTurnOff={(choice) => props.onCalendarOff?.(choice) ?? Promise.resolve(false)}
            />
          ) : <span />}
          <Group>
            <Button variant="default" onClick={onDiscard} disabled={busy}>{editing ? 'Discard Changes' : 'Discard'}</Button>
            {/* During a conflict the choice above replaces Update (it would only meet the conflict again). */}
            <Button type="submit" loading={busy && !syncing} disabled={Boolean(conflict) || busy}>
              {syncing ? 'Syncing...' : submitLabel}
            </Button>
          </Group>
        </Group>
        {editing && <HistoryPanel table="action_items" id={editing.id} />}
      </Stack>
    </form>
  );
}
