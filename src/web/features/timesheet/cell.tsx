import { memo, useId, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { lockedEntryMessage } from '../../../core/billing/billing.ts';
import { formatHours, parseHoursText } from '../../../core/time/hours-text.ts';
import { cellHours, cellId, type SheetRow } from './cell-store.ts';
import { focusCell, type GridContext } from './grid-context.ts';

interface Props { ctx: GridContext; row: SheetRow; r: number; day: number; date: string; label: string }

const noop = () => () => undefined;
const MOVES: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
export const SEVERAL = 'This cell holds several entries: change them in the side panel.';

/**
 * One day of one row: hours typed as 1.5, 1:30, 90m or 1h 30m. Arrows move between cells, Enter
 * (or typing) edits, Enter or leaving commits, Esc cancels. Its text lives here while it is typed,
 * so a keystroke renders this cell alone; a commit goes to the auto-save store.
 */
export const Cell = memo(function Cell({ ctx, row, r, day, date, label }: Props) {
  const id = cellId(row.id, day);
  const keys = useSyncExternalStore((fn) => ctx.index.subscribeCell(id, fn), () => ctx.index.keysOf(id));
  const key = keys.length === 1 ? keys[0]! : null;
  const saved = useSyncExternalStore((fn) => (key ? ctx.store.subscribeRow(key, fn) : noop()), () => (key ? ctx.store.getRow(key) : undefined));
  const several = useSyncExternalStore(keys.length > 1 ? ctx.store.subscribe : noop, () => (keys.length > 1 ? cellHours(ctx.store, keys) : 0));
  // text: what is typed (null when not editing); typed: editing began with a character, so arrows commit.
  const [edit, setEdit] = useState<{ text: string; typed: boolean; open: boolean } | null>(null);
  // Text that is not hours, with the reason; it stays on the cell, unsaved, until fixed or cancelled.
  const [error, setError] = useState<{ message: string; text: string } | null>(null);
  const errorId = useId();

  const value = keys.length > 1 ? formatHours(several) : formatHours(saved?.draft.hours ?? 0);
  const bill = saved?.extra.billNumber ?? null;
  const blocked = ctx.lock ?? (bill !== null ? lockedEntryMessage(bill) : keys.length > 1 ? SEVERAL : null);

  const commit = (text: string): boolean => {
    const parsed = parseHoursText(text);
    if (!parsed.ok) {
      setError({ message: parsed.error, text });
      return false;
    }
    setError(null);
    setEdit(null);
    const hours = parsed.value;
    if (key === null || !saved) {
      if (hours === 0) return true;
      const added = ctx.store.add({ projectId: row.projectId, entryDate: date, jobType: row.jobType, hours, description: '', initials: '', workDetails: '' });
      ctx.index.set(id, [added]);
    } else if (hours > 0) {
      if (hours !== saved?.draft.hours) ctx.store.update(key, { hours });
    } else {
      // Clearing a cell deletes its entry; it stays shown if the server refuses.
      ctx.store.remove(key).then(() => ctx.index.set(id, []), (e: unknown) => ctx.failed(e instanceof Error ? e.message : String(e)));
    }
    return true;
  };

  const begin = (text: string, typed: boolean) => {
    if (blocked) {
      if (keys.length > 1 && !ctx.lock) ctx.openPanel(id);
      else ctx.refuse(blocked);
      return;
    }
    setEdit({ text, typed, open: true });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const move = MOVES[e.key];
    if (edit) {
      if (e.key === 'Enter') {
        e.preventDefault();
        commit(edit.text);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        setEdit(null);
        setError(null);
      } else if (move && (edit.typed || move[0] !== 0) && commit(edit.text)) {
        e.preventDefault();
        focusCell(r + move[0], day + move[1]);
      }
      return;
    }
    if (move) {
      e.preventDefault();
      focusCell(r + move[0], day + move[1]);
    } else if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      begin(error?.text ?? value, false);
    } else if (e.key === 'Escape' && error) {
      setError(null);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      if (blocked) ctx.refuse(blocked);
      else if (value) commit('');
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      begin(e.key, true);
    }
  };

  const status = saved?.status ?? 'clean';
  return (
    <td className="ts-cell" data-status={status} data-several={keys.length > 1 || undefined}>
      <input
        className="ts-input"
        data-cell={`${r}:${day}`}
        aria-label={label}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        aria-readonly={edit === null}
        readOnly={edit === null}
        inputMode="decimal"
        autoComplete="off"
        value={edit?.text ?? error?.text ?? value}
        title={statusTitle(status, saved?.error) ?? (blocked && keys.length > 1 ? SEVERAL : undefined)}
        onFocus={() => ctx.select(id)}
        onPointerDown={() => ctx.select(id, true)}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setEdit((now) => (now ? { ...now, text } : now));
        }}
        onKeyDown={onKeyDown}
        onDoubleClick={() => !edit && begin(value, false)}
        onBlur={() => {
          if (!edit) return;
          // Leaving commits; text that is not hours stays shown with its reason, unsaved.
          if (!commit(edit.text)) setEdit(null);
        }}
      />
      {error && <div id={errorId} className="ts-cell-error" role="alert">{error.message}</div>}
    </td>
  );
});

function statusTitle(status: string, error?: string): string | undefined {
  if (status === 'saving') return 'Saving';
  if (status === 'pending') return 'Not saved yet';
  if (status === 'waiting') return 'Waiting to be sent';
  if (status === 'error') return `Not saved: ${error ?? ''}`;
  if (status === 'conflict') return 'Edit conflict';
  return undefined;
}
