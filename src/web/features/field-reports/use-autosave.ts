import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TFieldProblem, TFieldReport, TFieldReportFields, TPartlySaved } from '../../../core/api/field-reports.ts';
import { AUTO_SAVE_DEBOUNCE_MS } from '../../../core/constants.ts';
import { sameValue } from '../../../core/field-paths.ts';
import { ApiError } from '../../lib/transport.ts';
import { getReport, saveReport, storeReport } from './api.ts';

export type Editable = TFieldReportFields;
export type SaveState = 'saved' | 'pending' | 'saving' | 'retrying' | 'refused' | 'conflict' | 'blocked';

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

// Network errors and 5xx retry after 1, 2, 5, 10, then every 30 s (as time rows do, docs/decisions/031).
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

/**
 * Auto-save of one report: 1 s after the last edit, one save in flight, edits made meanwhile saved
 * right after; versioned, so a save over someone else's newer one is a conflict the user settles.
 * The server saves field by field: a refused field is named (`refused`) and stays in the form and
 * in the kept drafts while the others are saved. A date box holding text that is not a date yet
 * (`setBlocked`) keeps the status unsaved but blocks no other field.
 */
export function useAutosave(initial: TFieldReport, listener: SaveListener) {
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
  const attempt = useRef(0);
  const alive = useRef(true);

  const adopt = useCallback((report: TFieldReport) => {
    saved.current = report;
    storeReport(client, report);
    listener.confirmed(editableOf(report));
  }, [client, listener]);

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (inFlight.current) return;
    const sending = latest.current;
    if (sameValue(sending, editableOf(saved.current))) {
      setRefused([]);
      setState(blockedRef.current.size ? 'blocked' : 'saved');
      return;
    }
    inFlight.current = true;
    setState('saving');
    try {
      adopt(await saveReport(saved.current.id, { ...sending, version: saved.current.version }));
      attempt.current = 0;
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
        attempt.current = 0;
        setRefused(partial.fields);
        setMessage(error instanceof Error ? error.message : '');
        if (!sameValue(latest.current, sending)) return void flush();
        return setState('refused');
      }
      if (error instanceof ApiError && error.code === 'EDIT_CONFLICT') {
        setTheirs(await getReport(saved.current.id).catch(() => null));
        return setState('conflict');
      }
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
        setRefused([]);
        setMessage(error.message);
        return setState('refused');
      }
      const delay = RETRY_MS[Math.min(attempt.current++, RETRY_MS.length - 1)]!;
      setMessage(error instanceof Error ? error.message : String(error));
      setState('retrying');
      timer.current = setTimeout(() => void flush(), delay);
    }
  }, [adopt]);

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
      if (inFlight.current || sameValue(latest.current, editableOf(saved.current))) return;
      void saveReport(saved.current.id, { ...latest.current, version: saved.current.version })
        .then(adopt)
        .catch((error) => {
          const partial = partlySaved(error);
          if (partial) adopt(partial.report);
        });
    };
  }, [adopt]);

  return { draft, setDraft, state, message, refused, blocked, theirs, takeTheirs, keepMine, setBlocked, savedVersion, flush };
}
