import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TFieldReport, TFieldReportContent, TFieldReportUpdate } from '../../../core/api/field-reports.ts';
import { AUTO_SAVE_DEBOUNCE_MS } from '../../../core/constants.ts';
import { ApiError } from '../../lib/api.ts';
import { getReport, saveReport, storeReport } from './api.ts';

export type Editable = Omit<TFieldReportUpdate, 'version' | 'content'> & { content: TFieldReportContent };
export type SaveState = 'saved' | 'pending' | 'saving' | 'retrying' | 'refused' | 'conflict' | 'blocked';

export const editableOf = (r: TFieldReport): Editable => ({
  projectId: r.projectId, reportType: r.reportType, reportNumber: r.reportNumber, date: r.date,
  inspectorId: r.inspectorId, content: r.content,
});

// Network errors and 5xx retry after 1, 2, 5, 10, then every 30 s (as time rows do, docs/decisions/031).
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Auto-save of one report: 1 s after the last edit, one save in flight, edits made meanwhile saved
 * right after; versioned, so a save over someone else's newer one is a conflict the user settles.
 * Nothing typed is dropped: a refused or failed save keeps the draft and says why.
 */
export function useAutosave(initial: TFieldReport) {
  const client = useQueryClient();
  const [draft, setDraftState] = useState<Editable>(() => editableOf(initial));
  const [state, setState] = useState<SaveState>('saved');
  const [message, setMessage] = useState('');
  const [theirs, setTheirs] = useState<TFieldReport | null>(null);
  const saved = useRef(initial);
  const latest = useRef(draft);
  const blocked = useRef(false);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const attempt = useRef(0);
  const alive = useRef(true);

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (inFlight.current || blocked.current) return;
    const sending = latest.current;
    if (same(sending, editableOf(saved.current))) {
      setState('saved');
      return;
    }
    inFlight.current = true;
    setState('saving');
    try {
      const result = await saveReport(saved.current.id, { ...sending, version: saved.current.version });
      saved.current = result;
      attempt.current = 0;
      storeReport(client, result);
      inFlight.current = false;
      if (!alive.current) return;
      setMessage('');
      if (!same(latest.current, sending)) return void flush();
      setState('saved');
    } catch (error) {
      inFlight.current = false;
      if (!alive.current) return;
      if (error instanceof ApiError && error.code === 'EDIT_CONFLICT') {
        setTheirs(await getReport(saved.current.id).catch(() => null));
        return setState('conflict');
      }
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
        setMessage(error.message);
        return setState('refused');
      }
      const delay = RETRY_MS[Math.min(attempt.current++, RETRY_MS.length - 1)]!;
      setMessage(error instanceof Error ? error.message : String(error));
      setState('retrying');
      timer.current = setTimeout(() => void flush(), delay);
    }
  }, [client]);

  const setDraft = useCallback((update: (d: Editable) => Editable) => {
    const next = update(latest.current);
    latest.current = next;
    setDraftState(next);
    if (blocked.current) return setState('blocked');
    setState((s) => (s === 'conflict' ? s : 'pending'));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTO_SAVE_DEBOUNCE_MS);
  }, [flush]);

  /** A field holding text that is not a date yet stops saving until it is fixed. */
  const setBlocked = useCallback((isBlocked: boolean) => {
    blocked.current = isBlocked;
    if (isBlocked) {
      clearTimeout(timer.current);
      setState('blocked');
    } else {
      setDraft((d) => d);
    }
  }, [setDraft]);

  const takeTheirs = useCallback(() => {
    if (!theirs) return;
    saved.current = theirs;
    latest.current = editableOf(theirs);
    setDraftState(latest.current);
    storeReport(client, theirs);
    setTheirs(null);
    setState('saved');
  }, [client, theirs]);

  const keepMine = useCallback(() => {
    if (!theirs) return;
    saved.current = theirs;
    setTheirs(null);
    void flush();
  }, [flush, theirs]);

  /** The version the next save or certification must name. */
  const savedVersion = useCallback(() => saved.current.version, []);

  // Leaving the page saves what waits for its debounce at once.
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
      if (!inFlight.current && !blocked.current && !same(latest.current, editableOf(saved.current))) {
        void saveReport(saved.current.id, { ...latest.current, version: saved.current.version })
          .then((r) => storeReport(client, r)).catch(() => undefined);
      }
    };
  }, [client]);

  return { draft, setDraft, state, message, theirs, takeTheirs, keepMine, setBlocked, savedVersion, flush };
}
