import { Alert, Card, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { lockedEntryMessage } from '../../../core/billing/billing.ts';
import { formatHours, parseHoursText } from '../../../core/time/hours-text.ts';
import { cellId, type SheetRow } from './cell-store.ts';
import { dayLabel, type GridContext } from './grid-context.ts';

/** How long the focus rests on a cell before the panel follows it: arrows held down paint the grid alone. */
const FOLLOW_MS = 120;

/** The focused cell, outside React: focus moving through the grid re-renders the panel alone, once it rests. */
export class Selection {
  private cell: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<() => void>();
  get = () => this.cell;
  set = (cell: string) => {
    clearTimeout(this.timer);
    if (cell === this.cell) return;
    this.timer = setTimeout(() => {
      this.cell = cell;
      this.listeners.forEach((fn) => fn());
    }, FOLLOW_MS);
  };
  /** At once (a click on the cell, or the panel is opened on it). */
  setNow = (cell: string) => {
    clearTimeout(this.timer);
    if (cell === this.cell) return;
    this.cell = cell;
    this.listeners.forEach((fn) => fn());
  };
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
}

/** The side panel: the focused cell's description, and each of its entries when it holds several. */
export function SidePanel({ ctx, selection, rows, days }: { ctx: GridContext; selection: Selection; rows: SheetRow[]; days: string[] }) {
  const selected = useSyncExternalStore(selection.subscribe, selection.get);
  const keys = useSyncExternalStore((fn) => ctx.index.subscribe(fn), () => (selected ? ctx.index.keysOf(selected) : NONE));
  const row = rows.find((r) => selected?.startsWith(`${r.id}|`));
  const day = selected && row ? Number(selected.slice(row.id.length + 1)) : -1;
  return (
    <Card withBorder padding="md" className="ts-panel" component="aside" aria-label="Cell details">
      <Title order={3} size="h5" mb="xs">Cell details</Title>
      {!row || day < 0 ? (
        <Text size="sm" c="dimmed">Move to a cell to see its description and entries.</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm"><b>{dayLabel(days[day]!)}</b> · {row.projectLabel} · {row.jobType}</Text>
          {ctx.lock && <Alert color="gray" p="xs"><Text size="sm">{ctx.lock}</Text></Alert>}
          {keys.length === 0 && <Text size="sm" c="dimmed">No hours yet. Type the hours in the cell, then describe the work here.</Text>}
          {keys.map((key, i) => (
            <EntryFields key={key} ctx={ctx} entryKey={key} several={keys.length > 1} n={i + 1} cell={cellId(row.id, day)} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
const NONE: readonly string[] = [];

function EntryFields({ ctx, entryKey, several, n, cell }: { ctx: GridContext; entryKey: string; several: boolean; n: number; cell: string }) {
  const entry = useSyncExternalStore((fn) => ctx.store.subscribeRow(entryKey, fn), () => ctx.store.getRow(entryKey));
  const [hours, setHours] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!entry) return null;
  const bill = entry.extra.billNumber;
  const locked = ctx.lock ?? (bill !== null ? lockedEntryMessage(bill) : null);
  const commitHours = () => {
    if (hours === null) return;
    const parsed = parseHoursText(hours);
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    setHours(null);
    if (parsed.value > 0) ctx.store.update(entryKey, { hours: parsed.value });
    else ctx.store.remove(entryKey).then(
      () => ctx.index.set(cell, ctx.index.keysOf(cell).filter((k) => k !== entryKey)),
      (e: unknown) => ctx.failed(e instanceof Error ? e.message : String(e)),
    );
  };
  const name = several ? ` (entry ${n})` : '';
  return (
    <Stack gap={6} className="ts-entry" data-entry={entryKey} data-status={entry.status}>
      {several && (
        <TextInput label={`Hours${name}`} size="xs" value={hours ?? formatHours(entry.draft.hours)} readOnly={!!locked} error={error}
          onChange={(e) => setHours(e.currentTarget.value)} onBlur={commitHours}
          onKeyDown={(e) => e.key === 'Enter' && commitHours()} />
      )}
      {several && entry.draft.workDetails && <Text size="xs" c="dimmed">{entry.draft.workDetails}</Text>}
      <Textarea label={`Description${name}`} rows={4} maxLength={5000} readOnly={!!locked}
        value={entry.draft.description} onChange={(e) => ctx.store.update(entryKey, { description: e.currentTarget.value })} />
      {entry.status === 'error' && <Text size="xs" c="red.7" role="alert">Not saved: {entry.error}</Text>}
    </Stack>
  );
}
