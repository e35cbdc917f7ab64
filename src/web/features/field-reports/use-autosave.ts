import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { TFieldReport, TFieldReportFields } from '../../../core/api/field-reports.ts';
import { AUTO_SAVE_DEBOUNCE_MS } from '../../../core/constants.ts';
import { changedPaths, sameValue, valueAt, withValueAt } from '../../../core/field-reports/field-paths.ts';
import type { OutboxItem } from '../../lib/outbox-item.ts';
import { dismiss, onOutboxAnswer, onOutboxDiscard, outboxState, watchOutbox } from '../../shared/offline/outbox.ts';
import { storeReport } from './api.ts';
import { changeOf, queueChanges, queuedIn, refusalsIn, reportScope, type FieldConflict } from './field-queue.ts';

export type Editable = TFieldReportFields;
export type SaveState = 'saved' | 'queued' | 'pending' | 'saving' | 'refused' | 'conflict' | 'blocked';

export const editableOf = (r: TFieldReport): Editable => ({
  projectId: r.projectId, reportType: r.reportType, reportNumber: r.reportNumber, date: r.date,
  inspectorId: r.inspectorId, content: r.content,
});

/** What the browser's kept drafts hear from the save loop (use-kept-drafts.ts). */
export interface SaveListener {
  /** The user changed the form; `saved` is what the server holds. */
  edited(before: Editable, after: Editable, saved: Editable): void;
  /** These values are kept by the outbox (or held by the server): their drafts are no longer needed. */
  confirmed(saved: Editable): void;
  /** The user dropped their changes. */
  discarded(): void;
}

/**
 * Auto-save of one report through the one outbox (issue 44, docs/decisions/149): 1 s after the
 * last edit, each changed field becomes one waiting change (PATCH …/fields), sent in order with
 * the outbox's retry ladder, online or not. The status follows the queue: refusals are named at
 * their fields (the others save), a field someone else changed meanwhile is a conflict the person
 * settles, and a date box holding text that is not a date yet (`setBlocked`) keeps the status
 * unsaved but blocks no other field.
 */
export function useAutosave(initial: TFieldReport, listener: SaveListener, userId: string) {
  const client = useQueryClient();
  const scope = reportScope(initial.id);
  const [draft, setDraftState] = useState<Editable>(() => editableOf(initial));
  const [pending, setPending] = useState(false);
  const [notKept, setNotKept] = useState('');
  const [blocked, setBlockedPaths] = useState<string[]>([]);
  const saved = useRef(initial);
  const latest = useRef(draft);
  const blockedRef = useRef(new Set<string>());
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);
  // What the server has, or will have once this report's waiting changes are sent (docs/decisions/102).
  const known = useRef(editableOf(initial));
  const applied = useRef(new Set<string>());

  const outbox = useSyncExternalStore(watchOutbox, outboxState);
  const queued = useMemo(() => outbox.items.filter((i) => i.scope === scope), [outbox.items, scope]);
  const refused = useMemo(() => refusalsIn(queued), [queued]);

  /** Hands what the form holds and the queue does not to the queue (one change per field). */
  const handOver = useCallback(async (sending: Editable) => {
    if (sameValue(sending, known.current)) return;
    await queueChanges({ report: saved.current, userId, known: known.current, sending });
    known.current = sending;
    listener.confirmed(sending);
  }, [listener, userId]);

  /** Hands the form's changes to the queue; a call during a hand-over is served by it (it runs again). */
  const flush = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (inFlight.current) {
      again.current = true;
      return inFlight.current;
    }
    const run = (async () => {
      try {
        do {
          again.current = false;
          await handOver(latest.current);
        } while (again.current);
        if (alive.current) setNotKept('');
      } catch (error) {
        // The browser could not keep them: they stay in the form, named, and go with the next try.
        if (alive.current) setNotKept(error instanceof Error ? error.message : String(error));
      } finally {
        inFlight.current = null;
        if (alive.current && timer.current === undefined) setPending(false);
      }
    })();
    inFlight.current = run;
    return run;
  }, [handOver]);

  const schedule = useCallback(() => {
    setPending(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTO_SAVE_DEBOUNCE_MS);
  }, [flush]);

  const setDraft = useCallback((update: (d: Editable) => Editable) => {
    const before = latest.current;
    const next = update(before);
    latest.current = next;
    setDraftState(next);
    listener.edited(before, next, editableOf(saved.current));
    schedule();
  }, [listener, schedule]);

  /** A date box holding text that is not a date yet: named in the status until it is fixed. */
  const setBlocked = useCallback((path: string, isBlocked: boolean) => {
    if (isBlocked === blockedRef.current.has(path)) return;
    if (isBlocked) blockedRef.current.add(path);
    else blockedRef.current.delete(path);
    setBlockedPaths([...blockedRef.current]);
    schedule();
  }, [schedule]);

  /** The version the next certification must name. */
  const savedVersion = useCallback(() => saved.current.version, []);

  /** Resolves once none of this report's changes waits to be sent (or the outbox has no connection). */
  const sent = useCallback(() => new Promise<void>((resolve) => {
    let stop = () => {};
    const check = () => {
      const state = outboxState();
      if (state.online && state.items.some((i) => i.scope === scope && !i.failure)) return;
      stop();
      resolve();
    };
    stop = watchOutbox(check);
    check();
  }), [scope]);

  // Leaving the page hands what waits for its debounce to the queue at once (the kept drafts hold it meanwhile).
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
      if (inFlight.current) again.current = true;
      else void handOver(latest.current).catch(() => undefined);
    };
  }, [handOver]);

  // The queue's answers: the report as the server now has it. A field someone else changed that this
  // form did not is taken into the form; the fields waiting here keep what was typed.
  const takeServer = useCallback((report: TFieldReport) => {
    const before = editableOf(saved.current);
    saved.current = report;
    storeReport(client, report);
    const waiting = new Set(queuedIn(initial.id).map(changeOf).map((c) => c?.path));
    let form = latest.current;
    for (const path of changedPaths(before, editableOf(report))) {
      const theirs = valueAt(report, path);
      if (waiting.has(path) || !sameValue(valueAt(form, path), valueAt(known.current, path))) continue;
      form = withValueAt(form, path, theirs);
      known.current = withValueAt(known.current, path, theirs);
    }
    if (form !== latest.current) {
      latest.current = form;
      setDraftState(form);
    }
  }, [client, initial.id]);
  // Only the answers to the form's own writes (its field changes and certification) carry the report;
  // photos and annotations of the same report answer their image lists.
  useEffect(() => onOutboxAnswer(scope, (item, answer) => {
    if (answer.ok && alive.current && item.key.startsWith(`${scope}:`)) takeServer(answer.body as TFieldReport);
  }), [scope, takeServer]);

  /** A refused or conflicting change dropped: the field shows the server's value again, unless it was typed in since. */
  const forget = useCallback((item: OutboxItem) => {
    const change = changeOf(item);
    if (!change || !alive.current || !sameValue(valueAt(latest.current, change.path), change.value)) return;
    const current = (item.failure?.details as { current?: TFieldReport } | undefined)?.current;
    if (current) takeServer(current);
    const server = valueAt(editableOf(saved.current), change.path);
    known.current = withValueAt(known.current, change.path, server);
    latest.current = withValueAt(latest.current, change.path, server);
    setDraftState(latest.current);
  }, [takeServer]);
  useEffect(() => onOutboxDiscard(scope, forget), [scope, forget]);

  // Changes waiting from an earlier visit (a closed tab, a reload offline, a refusal) are shown in the form.
  useEffect(() => {
    let form = latest.current;
    for (const change of queued.map(changeOf)) {
      if (!change || applied.current.has(change.changeId)) continue;
      applied.current.add(change.changeId);
      if (!sameValue(valueAt(form, change.path), valueAt(known.current, change.path))) continue;
      form = withValueAt(form, change.path, change.value);
      known.current = withValueAt(known.current, change.path, change.value);
    }
    if (form !== latest.current) {
      latest.current = form;
      setDraftState(form);
    }
  }, [queued]);

  /**
   * A conflict settled: the person keeps theirs (the change is dropped) or yours (a new change over
   * their value takes the refused one's place in the queue).
   */
  const settle = useCallback(async (conflict: FieldConflict, keep: 'theirs' | 'yours') => {
    if (keep === 'theirs') await dismiss(conflict.seq);
    const value = keep === 'theirs' ? conflict.theirs : conflict.yours;
    known.current = withValueAt(known.current, conflict.path, conflict.theirs);
    latest.current = withValueAt(latest.current, conflict.path, value);
    if (conflict.current) takeServer(conflict.current);
    setDraftState(latest.current);
    if (keep === 'yours') await flush();
  }, [flush, takeServer]);

  const waits = queued.some((i) => !i.failure);
  const conflicted = queued.some((i) => i.failure?.code === 'EDIT_CONFLICT');
  const state: SaveState = pending ? 'pending'
    : blocked.length ? 'blocked'
    : notKept || refused.length ? 'refused'
    : conflicted ? 'conflict'
    : waits ? (outbox.online ? 'saving' : 'queued')
    : 'saved';

  return { draft, setDraft, state, message: notKept, refused, blocked, setBlocked, savedVersion, flush, sent, settle, queued };
}
