import { useState, type Dispatch, type SetStateAction } from 'react';
import { weekAction, type WeekAction } from './api.ts';
import { settle, type SheetRow } from './cell-store.ts';
import type { GridContext } from './grid-context.ts';
import type { Loaded } from './use-sheet.ts';
import { DecisionDialog, SubmitDialog } from './week-dialogs.tsx';
import { summarise } from './week-summary.ts';

/**
 * Submit (after its summary), withdraw, approve, reject (a note) and reopen (a reason). What waits
 * in the grid is saved before a submit, so the week sent is the week shown.
 */
export function useWeekActions(
  loaded: Loaded | null, userId: string | null, setLoaded: Dispatch<SetStateAction<Loaded | null>>,
  say: (kind: 'error' | 'info', message: string) => void,
) {
  const [busy, setBusy] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [decision, setDecision] = useState<'reject' | 'reopen' | null>(null);

  const run = async (action: WeekAction, note?: string) => {
    if (!loaded) return;
    setBusy(true);
    try {
      if (action === 'submit' && !(await settle(loaded.store))) {
        say('error', 'Some hours are not saved yet. Try again once every cell is saved.');
        return;
      }
      const week = await weekAction(action, {
        ...(userId ? { userId } : {}), weekStart: loaded.sheet.weekStart, version: loaded.week.version, ...(note === undefined ? {} : { note }),
      });
      setLoaded((now) => now && now.store === loaded.store ? { ...now, week } : now);
      setSubmitting(false);
      setDecision(null);
    } catch (e) {
      say('error', e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    start: (action: WeekAction) => {
      if (action === 'reject' || action === 'reopen') setDecision(action);
      else if (action === 'submit') setSubmitting(true);
      else void run(action);
    },
    dialogs: (ctx: GridContext, rows: SheetRow[], days: string[]) => (
      <>
        <SubmitDialog summary={submitting ? summarise(ctx, rows, days) : null} days={days} busy={busy}
          onClose={() => setSubmitting(false)} onSubmit={() => void run('submit')} />
        <DecisionDialog kind={decision} busy={busy} onClose={() => setDecision(null)} onConfirm={(note) => void run(decision!, note)} />
      </>
    ),
  };
}
