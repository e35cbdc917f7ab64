import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { changedPaths, fieldPaths, sameValue, valueAt, withValueAt } from '../../../core/field-reports/field-paths.ts';
import type { Draft, DraftScope } from '../../lib/browser-db.ts';
import { dropConfirmed, dropDraft, dropDrafts, keepDraft, readDrafts } from '../../lib/drafts.ts';
import type { Editable, SaveListener } from './use-autosave.ts';

/**
 * This report's unsaved fields in the browser (src/web/lib/drafts.ts, docs/decisions/066): each
 * edit is kept until the server confirms that value. Opening the report offers back what the
 * server does not have (`offer`), field by field; nothing is put into the form unasked.
 */
export function useKeptDrafts(options: { userId: string; reportId: string; opened: Editable; readOnly: boolean }) {
  const { userId, reportId } = options;
  const scope = useMemo<DraftScope>(() => ({ userId, recordType: 'field-report', recordId: reportId }), [userId, reportId]);
  // What the report held when it was opened: the drafts are compared with it once.
  const [opening] = useState(() => ({ fields: options.opened, readOnly: options.readOnly }));
  const [offer, setOffer] = useState<Draft[]>([]);
  // Fields typed in this visit: their kept value is the new typing, not something to offer.
  const touched = useRef(new Set<string>());

  const withdraw = useCallback((fields: readonly string[]) =>
    setOffer((o) => (o.some((d) => fields.includes(d.field)) ? o.filter((d) => !fields.includes(d.field)) : o)), []);

  const listener = useMemo<SaveListener>(() => ({
    edited(before, after, saved) {
      const paths = changedPaths(before, after);
      for (const path of paths) {
        touched.current.add(path);
        const value = valueAt(after, path);
        if (sameValue(value, valueAt(saved, path))) void dropDraft(scope, path);
        else void keepDraft(scope, path, value);
      }
      withdraw(paths);
    },
    confirmed(saved) {
      void dropConfirmed(scope, (field) => valueAt(saved, field));
    },
    discarded() {
      void dropDrafts(scope);
      setOffer([]);
    },
  }), [scope, withdraw]);

  useEffect(() => {
    let live = true;
    void (async () => {
      if (opening.readOnly) return dropDrafts(scope);
      const known = new Set(fieldPaths(opening.fields));
      const drafts = await readDrafts(scope);
      const offered = drafts.filter((d) =>
        known.has(d.field) && !touched.current.has(d.field) && !sameValue(d.value, valueAt(opening.fields, d.field)));
      if (live) setOffer(offered);
      // What the server already has (saved by an earlier visit's last request) is forgotten.
      await dropConfirmed(scope, (field) => valueAt(opening.fields, field));
    })();
    return () => {
      live = false;
    };
  }, [scope, opening]);

  /** Puts the chosen kept values into the form (they save as any edit does). */
  const restore = useCallback((fields: readonly string[], setDraft: (update: (d: Editable) => Editable) => void) => {
    const chosen = offer.filter((d) => fields.includes(d.field));
    withdraw(fields);
    setDraft((d) => chosen.reduce((acc, kept) => withValueAt(acc, kept.field, kept.value), d));
  }, [offer, withdraw]);

  const discard = useCallback((fields: readonly string[]) => {
    for (const field of fields) void dropDraft(scope, field);
    withdraw(fields);
  }, [scope, withdraw]);

  return { listener, offer, restore, discard, dropAll: listener.discarded };
}
