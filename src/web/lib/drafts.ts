import type { IDBPDatabase } from 'idb';
import { withBrowserDb, type CasebookDb, type Draft, type DraftKey, type DraftScope, type RecordKey } from './browser-db.ts';
import { sameValue } from '../../core/field-reports/field-paths.ts';

// The browser's own copy of what a user typed and the server does not have yet (issue 22,
// docs/decisions/066): one value per field of a record, kept in IndexedDB (browser-db.ts) until
// the server confirms that value, so a closed tab, a reload or a crash loses nothing.

const recordKey = (s: DraftScope): RecordKey => [s.userId, s.recordType, s.recordId];
const draftKey = (s: DraftScope, field: string): DraftKey => [s.userId, s.recordType, s.recordId, field];
const keyText = (s: DraftScope, field: string) => JSON.stringify(draftKey(s, field));

const attempt = <T>(what: string, fallback: T, run: (db: IDBPDatabase<CasebookDb>) => Promise<T>) =>
  withBrowserDb(`drafts: ${what}`, fallback, run);

// Keystrokes come faster than writes: one write per field at a time, then the latest value.
const waiting = new Map<string, Draft>();
const writing = new Set<string>();

/** Keeps a field's unsaved value (replacing the one kept before). */
export async function keepDraft(scope: DraftScope, field: string, value: unknown): Promise<void> {
  const key = keyText(scope, field);
  waiting.set(key, { ...scope, field, value, updatedAt: Date.now() });
  if (writing.has(key)) return;
  writing.add(key);
  try {
    for (let next = waiting.get(key); next; next = waiting.get(key)) {
      waiting.delete(key);
      const draft = next;
      await attempt('keep', undefined, async (db) => {
        const tx = db.transaction('drafts', 'readwrite');
        void tx.store.put(draft);
        // Commit now rather than after the put's answer comes back: a tab closed right after a
        // keystroke must still find the value stored.
        tx.commit();
        await tx.done;
      });
    }
  } finally {
    writing.delete(key);
  }
}

/** The unsaved values kept for one record, oldest first. */
export async function readDrafts(scope: DraftScope): Promise<Draft[]> {
  const drafts = await attempt('read', [] as Draft[], (db) => db.getAllFromIndex('drafts', 'record', recordKey(scope)));
  return drafts.sort((a, b) => a.updatedAt - b.updatedAt);
}

/** Forgets one field's draft (the user discarded it, or typed it back to the saved value). */
export async function dropDraft(scope: DraftScope, field: string): Promise<void> {
  waiting.delete(keyText(scope, field));
  await attempt('drop', undefined, (db) => db.delete('drafts', draftKey(scope, field)));
}

/** Forgets every draft of a record (the record was deleted, or the user took another version). */
export async function dropDrafts(scope: DraftScope): Promise<void> {
  for (const [key, d] of waiting) {
    if (d.userId === scope.userId && d.recordType === scope.recordType && d.recordId === scope.recordId) waiting.delete(key);
  }
  await attempt('drop all', undefined, async (db) => {
    const tx = db.transaction('drafts', 'readwrite');
    for (const key of await tx.store.index('record').getAllKeys(recordKey(scope))) await tx.store.delete(key);
    await tx.done;
  });
}

/**
 * The server answered: every draft of the record whose value the server now holds is dropped, in
 * one transaction, so a value typed after the save was sent is kept. `serverValue` reads a field.
 */
export async function dropConfirmed(scope: DraftScope, serverValue: (field: string) => unknown): Promise<void> {
  await attempt('confirm', undefined, async (db) => {
    const tx = db.transaction('drafts', 'readwrite');
    let cursor = await tx.store.index('record').openCursor(recordKey(scope));
    while (cursor) {
      if (sameValue(cursor.value.value, serverValue(cursor.value.field))) await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.done;
  });
}
