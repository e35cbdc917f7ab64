import { useCallback, useEffect, useState } from 'react';
import type { TTimesheet, TWeekState } from '../../../core/api/timesheet.ts';
import { reportError } from '../../lib/error-store.ts';
import { loadTimesheet } from './api.ts';
import { CellIndex, rowsOf, settle, storeOf, type CellStore, type SheetRow } from './cell-store.ts';

export interface Loaded {
  sheet: TTimesheet;
  store: CellStore;
  index: CellIndex;
  rows: SheetRow[];
  week: TWeekState;
}

/**
 * The week's timesheet and its stores. A new week or person (or a reload) saves what waits in the
 * old store first, so nothing typed is lost on the way.
 */
export function useSheet(week: string | null, userId: string | null, onSaveError: (message: string) => void) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [tick, setTick] = useState(0);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    let mine: Loaded | null = null;
    setLoading(true);
    loadTimesheet(week, userId)
      .then((sheet) => {
        if (cancelled) return;
        const store = storeOf(sheet, userId, onSaveError);
        mine = { sheet, store, index: new CellIndex(sheet), rows: rowsOf(sheet), week: sheet.week };
        setLoaded(mine);
      })
      .catch((e: unknown) => !cancelled && reportError(e, { source: 'timesheet load' }))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
      mine?.store.dispose();
    };
  }, [week, userId, tick, onSaveError]);

  const reload = useCallback(async () => {
    if (loaded) await settle(loaded.store, 5000);
    setTick((t) => t + 1);
  }, [loaded]);

  return { loaded, setLoaded, loading, reload };
}
