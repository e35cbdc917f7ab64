import { withBrowserDb } from './browser-db.ts';

// Copies of what the server answered, kept in the browser database's `records` store per person
// (issue 26): a screen opened once can be drawn again without a connection. The same calls as the
// offline session's helper (helper A's src/web/shared/offline/kept-records.ts, not merged yet); the
// two become one when both land.

export const keepRecord = (key: string, value: unknown, userId: string) =>
  withBrowserDb('records: keep', undefined, async (db) => {
    await db.put('records', { userId, key, value, keptAt: Date.now() });
  });

/** The kept copy and when it was kept, or undefined. */
export const readKept = <T>(key: string, userId: string) =>
  withBrowserDb('records: read', undefined, async (db) => {
    const kept = await db.get('records', [userId, key]);
    return kept && { value: kept.value as T, keptAt: kept.keptAt };
  });

/** Changes a kept copy in place (an answer that saved or deleted one of its rows); none kept, nothing done. */
export const changeKept = <T>(key: string, userId: string, change: (value: T) => T) =>
  withBrowserDb('records: change', undefined, async (db) => {
    const tx = db.transaction('records', 'readwrite');
    const kept = await tx.store.get([userId, key]);
    if (kept) await tx.store.put({ ...kept, value: change(kept.value as T) });
    await tx.done;
  });
