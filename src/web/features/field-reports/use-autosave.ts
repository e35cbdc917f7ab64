import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TFieldProblem, TFieldReport, TFieldReportFields, TPartlySaved } from '../../../core/api/field-reports.ts';
import { AUTO_SAVE_DEBOUNCE_MS } from '../../../core/constants.ts';
import { changedPaths, sameValue, valueAt, withValueAt } from '../../../core/field-reports/field-paths.ts';
import { isRetryable } from '../../../core/outbox.ts';
import { ApiError } from '../../lib/transport.ts';
import { onOutboxAnswer, onOutboxDiscard, watchOutbox } from '../../shared/offline/outbox.ts';
import { getReport, saveReport, storeReport } from './api.ts';
import { changeOf, queueChanges, queuedIn, queueing, reportScope } from './field-queue.ts';

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
  /** The server answered with what it now holds. */
  confirmed(saved: Editable): void;
  /** The user dropped their changes for another person's version. */
  discarded(): void;
}

/**
 * A save the server took except for the fields it names (ZPartlySaved, docs/decisions/066), or
 * null. Read by its shape: the editor's chunk stays free of zod.
 */
function partlySaved(error: unknown): TPartlySaved | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const details = error.details as Partial<TPartlySaved> | undefined;
  const ok = Array.isArray(details?.fields) && details.fields.length > 0 && typeof details.report?.version === 'number';
  return ok ? details as TPartlySaved : null;
}

/**
 * A save that got no answer, or an answer that may pass (408, 429, 5xx: the one idea of retryable,
 * docs/decisions/129): the edit goes into the outbox, which retries on its one ladder. This form
 * never retries on its own.
 */
const forTheOutbox = (error: unknown) => !(error instanceof ApiError) || isRetryable(error.status);

/**
 * Auto-save of one report: 1 s after the last edit, one save in flight, edits made meanwhile saved
 * right after; versioned, so a save over someone else's newer one is a conflict the user settles.
 * The server saves field by field: a refused field is named (`refused`) and stays in the form and
 * in the kept drafts while the others are saved. A date box holding text that is not a date yet
 * (`setBlocked`) keeps the status unsaved but blocks no other field.
 */
export function useAutosave(initial: TFieldReport, listener: SaveListener, userId: string) {
  const client = useQueryClient();
  const [draft, setDraftState] = useState<Editable>(() => editableOf(initial));
  const [state, setState] = useState<SaveState>('saved');
  const [message, setMessage] = useState('');
  const [refused, setRefused] = useState<TFieldProblem[]>([]);
  const [blocked, setBlockedPaths] = useState<string[]>([]);
  const [theirs, setTheirs] = useState<TFieldReport | null>(null);
  const saved = useRef(initial);
  const latest = useRef(draft);
  const blockedRef = useRef(new Set<string>());
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);
  // What the server has, or will have once this report's waiting changes are sent (docs/decisions/102).
  const known = useRef(editableOf(initial));
  const applied = useRef(new Set<string>());

  const adopt = useCallback((report: TFieldReport) => {
    saved.current = report;
    known.current = editableOf(report);
    storeReport(client, report);
    listener.confirmed(editableOf(report));
  }, [client, listener]);

  /** Offline, or while this report's earlier changes wait: edits go into the queue, one change per field. */
  // False when the browser could not keep them: they stay unsaved in the form, named, and go with the next try.
  const toQueue = useCallback(async (sending: Editable) => {
    try {
      await queueChanges({ report: saved.current, userId, known: known.current, sending });
    } catch (error) {
      if (alive.current) {
        setMessage(error instanceof Error ? error.message : String(error));
        setState('refused');
      }
      return false;
    }
    known.current = sending;
    listener.confirmed(sending);
    return true;
  }, [listener, userId]);

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (inFlight.current) return;
    const sending = latest.current;
    const waits = queuedIn(initial.id).some((i) => !i.failure);
    if (sameValue(sending, known.current)) {
      setRefused([]);
      setState(blockedRef.current.size ? 'blocked' : waits ? 'queued' : 'saved');
      return;
    }
    inFlight.current = true;
    if (queueing(initial.id)) {
      const kept = await toQueue(sending);
      inFlight.current = false;
      if (!kept) return;
      if (alive.current) setState('queued');
      if (!sameValue(latest.current, sending)) void flush();
      return;
    }
    setState('saving');
    try {
      adopt(await saveReport(saved.current.id, { ...sending, version: saved.current.version }));
      inFlight.current = false;
      if (!alive.current) return;
      setMessage('');
      setRefused([]);
      if (!sameValue(latest.current, sending)) return void flush();
      setState(blockedRef.current.size ? 'blocked' : 'saved');
    } catch (error) {
      inFlight.current = false;
      const partial = partlySaved(error);
      if (partial) adopt(partial.report);
      if (!alive.current) return;
      if (partial) {
        setRefused(partial.fields);
        setMessage(error instanceof Error ? error.message : '');
        if (!sameValue(latest.current, sending)) return void flush();
        return setState('refused');
      }
      if (forTheOutbox(error)) {
        if (!(await toQueue(sending))) return;
        setState('queued');
        if (!sameValue(latest.current, sending)) void flush();
        return;
      }
      if (error instanceof ApiError && error.code === 'EDIT_CONFLICT') {
        setTheirs(await getReport(saved.current.id).catch(() => null));
        return setState('conflict');
      }
      setRefused([]);
      setMessage(error instanceof Error ? error.message : String(error));
      return setState('refused');
    }
  }, [adopt, initial.id, toQueue]);

  const schedule = useCallback(() => {
    setState((s) => (s === 'conflict' ? s : 'pending'));
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

  const takeTheirs = useCallback(() => {
    if (!theirs) return;
    saved.current = theirs;
    latest.current = editableOf(theirs);
    setDraftState(latest.current);
    storeReport(client, theirs);
    listener.discarded();
    setTheirs(null);
    setRefused([]);
    setState('saved');
  }, [client, listener, theirs]);

  const keepMine = useCallback(() => {
    if (!theirs) return;
    saved.current = theirs;
    setTheirs(null);
    void flush();
  }, [flush, theirs]);

  /** The version the next save or certification must name. */
  const savedVersion = useCallback(() => saved.current.version, []);

  // Leaving the page saves what waits for its debounce at once (the kept drafts hold it meanwhile).
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
      if (inFlight.current || sameValue(latest.current, known.current)) return;
      if (queueing(initial.id)) return void toQueue(latest.current);
      void saveReport(saved.current.id, { ...latest.current, version: saved.current.version })
        .then(adopt)
        .catch((error) => {
          if (forTheOutbox(error)) return void toQueue(latest.current);
          const partial = partlySaved(error);
          if (partial) adopt(partial.report);
        });
    };
  }, [adopt, initial.id, toQueue]);

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
  useEffect(() => onOutboxAnswer(reportScope(initial.id), (item, answer) => {
    if (answer.ok && alive.current && item.key.startsWith(`field-report:${initial.id}:`)) takeServer(answer.body as TFieldReport);
  }), [initial.id, takeServer]);

  // A refused change the person discarded from the queue's list: the field shows the server's value
  // again (a conflict's answer brought it), unless it was typed in since.
  useEffect(() => onOutboxDiscard(reportScope(initial.id), (item) => {
    const change = changeOf(item);
    if (!change || !alive.current || !sameValue(valueAt(latest.current, change.path), change.value)) return;
    const current = (item.failure?.details as { current?: TFieldReport } | undefined)?.current;
    if (current) takeServer(current);
    const server = valueAt(editableOf(saved.current), change.path);
    known.current = withValueAt(known.current, change.path, server);
    latest.current = withValueAt(latest.current, change.path, server);
    setDraftState(latest.current);
  }), [initial.id, takeServer]);

  // Changes waiting from an earlier visit (a closed tab, a reload offline) are shown in the form;
  // the status follows the queue: 'queued' while any waits, 'saved' once all are sent.
  useEffect(() => {
    const follow = () => {
      const items = queuedIn(initial.id);
      let form = latest.current;
      for (const change of items.map(changeOf)) {
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
      const waits = items.some((i) => !i.failure);
      setState((s) => (s === 'queued' && !waits ? 'saved' : s === 'saved' && waits ? 'queued' : s));
    };
    follow();
    return watchOutbox(follow);
  }, [initial.id]);

  /** A change refused as a conflict, settled: `value` is what the field now holds or will hold. */
  const settle = useCallback(async (path: string, value: unknown, theirs: unknown, current?: TFieldReport) => {
    known.current = withValueAt(known.current, path, theirs);
    latest.current = withValueAt(latest.current, path, value);
    if (current) takeServer(current);
    setDraftState(latest.current);
    // The pick goes out through the queue too, over their value: the order holds.
    if (!sameValue(value, theirs) && !(await toQueue(latest.current))) return;
    setState(queuedIn(initial.id).some((i) => !i.failure) ? 'queued' : 'saved');
  }, [initial.id, takeServer, toQueue]);

  return { draft, setDraft, state, message, refused, blocked, theirs, takeTheirs, keepMine, setBlocked, savedVersion, flush, settle };
}
