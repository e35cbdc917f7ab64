import { withBrowserDb } from '../../lib/browser-db.ts';
import { ApiError } from '../../lib/transport.ts';

// Copies of what the server answered, kept in the browser's `records` store per person (issue 26,
// docs/decisions/150), read when a request gets no answer: a report opened once opens offline.

let keptFor: string | null = null;
let settled: () => void = () => {};
// Screens ask for records as soon as the session is known; the copies wait until whose they are is set.
const whoKnown = new Promise<void>((resolve) => {
  settled = resolve;
});
/** The device's own entries (the remembered session and the firm's settings), not one person's. */
const DEVICE = '';

/** Whose copies are read and kept: set by the session (auth.tsx), null when signed out. */
export function keepRecordsFor(userId: string | null) {
  keptFor = userId;
  if (userId) settled();
}

export const keepRecord = (key: string, value: unknown, userId = keptFor) =>
  userId === null ? Promise.resolve() : withBrowserDb('records: keep', undefined, async (db) => {
    await db.put('records', { userId, key, value, keptAt: Date.now() });
  });

/** The kept copy and when it was kept (ms since the epoch), or undefined. */
export const keptCopy = <T>(key: string, userId = keptFor) =>
  userId === null ? Promise.resolve(undefined) : withBrowserDb('records: read', undefined, async (db) => {
    const kept = await db.get('records', [userId, key]);
    return kept && { value: kept.value as T, keptAt: kept.keptAt };
  });

export const readKept = async <T>(key: string, userId = keptFor) => (await keptCopy<T>(key, userId))?.value;

/** Changes a kept copy in place (an answer that saved or deleted one of its rows); none kept, nothing done. */
export const changeKept = <T>(key: string, userId: string, change: (value: T) => T) =>
  withBrowserDb('records: change', undefined, async (db) => {
    const tx = db.transaction('records', 'readwrite');
    const kept = await tx.store.get([userId, key]);
    if (kept) await tx.store.put({ ...kept, value: change(kept.value as T) });
    await tx.done;
  });

export const forgetKept = (key: string, userId: string) =>
  withBrowserDb('records: forget', undefined, (db) => db.delete('records', [userId, key]));

/** A request that got no answer at all (offline, timed out): status 0. A refusal is an answer. */
export const noAnswer = (error: unknown) => error instanceof ApiError && error.status === 0;

/** Reads from the server and keeps the answer; with no answer, the copy kept last time (if any). */
export async function readThrough<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    const value = await read();
    void whoKnown.then(() => keepRecord(key, value));
    return value;
  } catch (error) {
    const kept = noAnswer(error) ? await whoKnown.then(() => readKept<T>(key)) : undefined;
    if (kept === undefined) throw error;
    return kept;
  }
}

// The session kept on this device: offline, a reload stays signed in as the person last signed in.
export const rememberSession = (value: unknown) => keepRecord('session', value, DEVICE);
export const rememberedSession = <T>() => readKept<T>('session', DEVICE);
export const forgetSession = () => forgetKept('session', DEVICE);
export const rememberConfig = (value: unknown) => keepRecord('config', value, DEVICE);
export const rememberedConfig = <T>() => readKept<T>('config', DEVICE);
