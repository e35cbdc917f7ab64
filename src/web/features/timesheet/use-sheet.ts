import { useCallback, useEffect, useState } from 'react';
import type { TTimesheet, TWeekState } from '../../../core/api/timesheet.ts';
import { reportError } from '../../lib/error-store.ts';
import { loadTimesheet } from './api.ts';
import { CellIndex, rowsOf, settle, storeOf, waitingCells, type CellStore, type SheetRow } from './cell-store.ts';

export interface Loaded {
  sheet: TTimesheet;
  store: CellStore;
  index: CellIndex;
  rows: SheetRow[];
  week: TWeekState;
}

/**
 * The week's timesheet and its stores. A new week or person (or a reload) saves what waits in the
 * old store first, so nothing typed is lost on the way. While another week or person loads, nothing
 * is answered: no action (a copy, a submit) may go to the week that was shown before.
 */
export function useSheet(week: string | null, userId: string | null, onSaveError: (message: string) => void, me: string) {
  const key = `${week ?? ''}|${userId ?? ''}`;
  // What the last load answered, and for which week and person (loaded null: it failed).
  const [held, setHeld] = useState<{ key: string; loaded: Loaded | null } | null>(null);
  const [tick, setTick] = useState(0);
  const loaded = held?.key === key ? held.loaded : null;

  const setLoaded = useCallback((next: Loaded | null | ((now: Loaded | null) => Loaded | null)) => {
    // An answer that comes back after the page moved on belongs to the week it was asked for: dropped.
    setHeld((now) => (now?.key === key ? { key, loaded: typeof next === 'function' ? next(now.loaded) : next } : now));
  }, [key]);

  useEffect(() => {
    let cancelled = false;
    let mine: Loaded | null = null;
    loadTimesheet(week, userId)
      .then(async (sheet) => ({ sheet, waiting: await waitingCells(sheet, me, userId) }))
      .then(({ sheet, waiting }) => {
        if (cancelled) return;
        const store = storeOf(sheet, userId, onSaveError, me, waiting);
        const index = new CellIndex(sheet);
        index.place(sheet, store);
        store.onRekey((from, to) => index.rename(from, to));
        mine = { sheet, store, index, rows: rowsOf(sheet), week: sheet.week };
        setHeld({ key, loaded: mine });
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        reportError(e, { source: 'timesheet load' });
        setHeld((now) => (now?.key === key ? now : { key, loaded: null }));
      });
    return () => {
      cancelled = true;
      mine?.store.dispose();
    };
  }, [key, week, userId, tick, onSaveError, me]);

  const reload = useCallback(async () => {
    if (loaded) await settle(loaded.store, 5000);
    setTick((t) => t + 1);
  }, [loaded]);

  return { loaded, setLoaded, loading: held?.key !== key, reload };
}
