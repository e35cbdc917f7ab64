import { isGone, OUTBOX_NOT_KEPT, retryDelay, sendOutcome } from '../../../core/outbox.ts';
import { withBrowserDb } from '../../lib/browser-db.ts';
import { changeKept, keepRecord } from './kept-records.ts';
import { debugLog } from '../../lib/debug-log.ts';
import { ApiError, FILE_TIMEOUT_MS, send } from '../../lib/transport.ts';
import type { OutboxFailure, OutboxItem, OutboxRequest } from '../../lib/outbox-item.ts';

// The one offline queue (issue 26, docs/decisions/102, 129): every write that must survive a lost
// connection or a closed tab is kept in IndexedDB and sent from here, in the order it was made,
// each exactly once: its request names a client-made id, so the server answers a replay instead of
// repeating it. One tab sends at a time (a Web Lock); the others follow the store.

export type Answer = { ok: true; body: unknown } | { ok: false; failure: OutboxFailure };

export interface OutboxState {
  /** The signed-in person's waiting and failed writes, oldest first. */
  items: OutboxItem[];
  /** The item being sent now, if any. */
  sending: number | null;
  /** False while sends get no answer (or the browser says it is offline). */
  online: boolean;
  /** Writes the browser's storage refused to keep (by key): only the open page still has them. */
  notKept: { key: string; label: string }[];
  /** The signed-in person's items have been read (until then the queue says nothing, never 'All saved'). */
  ready: boolean;
}

let userId: string | null = null;
let state: OutboxState = { items: [], sending: null, online: typeof navigator === 'undefined' || navigator.onLine, notKept: [], ready: false };
const watchers = new Set<() => void>();

/** Listening with this scope hears every scope's items (a screen whose rows span records: the timesheet's cells). */
export const ANY_SCOPE = '*';

/** Listeners by scope (e.g. 'field-report:<id>', or ANY_SCOPE), while their screen is open. */
function byScope<A extends unknown[]>() {
  const sets = new Map<string, Set<(item: OutboxItem, ...rest: A) => void>>();
  return {
    listen(scope: string, listener: (item: OutboxItem, ...rest: A) => void): () => void {
      const set = sets.get(scope) ?? new Set();
      set.add(listener);
      sets.set(scope, set);
      return () => set.delete(listener);
    },
    tell: (item: OutboxItem, ...rest: A) => {
      sets.get(item.scope)?.forEach((listener) => listener(item, ...rest));
      sets.get(ANY_SCOPE)?.forEach((listener) => listener(item, ...rest));
    },
  };
}
const answers = byScope<[Answer]>();
const discards = byScope<[]>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('casebook-outbox');
let running = false;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function setState(next: Partial<OutboxState>) {
  state = { ...state, ...next };
  for (const watch of watchers) watch();
}

async function reload() {
  const who = userId;
  const items = who ? await withBrowserDb('outbox: read', [] as OutboxItem[], (db) => db.getAllFromIndex('outbox', 'user', who)) : [];
  if (who === userId) setState({ items: items.sort((a, b) => a.seq! - b.seq!), ready: who !== null });
}

/** The store changed: this tab's screens and the other tabs' read it again. */
async function changed() {
  await reload();
  channel?.postMessage('changed');
}
channel?.addEventListener('message', () => void reload());

export const outboxState = () => state;
export function watchOutbox(watch: () => void): () => void {
  watchers.add(watch);
  return () => watchers.delete(watch);
}

/** Answers to the writes of one scope (e.g. 'field-report:<id>'), while the screen is open. */
export const onOutboxAnswer = answers.listen;

/**
 * Keeps a write and starts sending. A waiting write with the same key is replaced in its place (one
 * field's latest value is one change), unless it is being sent right now.
 */
export async function enqueue(item: Omit<OutboxItem, 'seq' | 'createdAt' | 'attempts' | 'failure'>): Promise<void> {
  const kept = await withBrowserDb('outbox: add', false, async (db) => {
    const tx = db.transaction('outbox', 'readwrite');
    const same = await tx.store.index('key').getAll([item.userId, item.key]);
    const waiting = same.find((s) => s.seq !== state.sending);
    if (waiting) await tx.store.put({ ...waiting, ...item, attempts: 0, failure: undefined });
    else await tx.store.add({ ...item, createdAt: Date.now(), attempts: 0 });
    await tx.done;
    return true;
  });
  const others = state.notKept.filter((n) => n.key !== item.key);
  // Never silently: the queue's line counts it as failed and the caller keeps what was typed on the
  // page. 507 Insufficient Storage: the device's, not the server's; shown as any refusal is.
  if (!kept) {
    setState({ notKept: [...others, { key: item.key, label: item.label }] });
    throw new ApiError('UNKNOWN_ERROR', OUTBOX_NOT_KEPT, 507);
  }
  // Watchers are told once the items are read again with this write (never before: they would see it missing).
  await changed();
  if (others.length !== state.notKept.length) setState({ notKept: others });
  void run();
}

/**
 * A refused write sent once more (after the cause was fixed), or dropped from the list. Never one
 * whose record was deleted (410): it would only be refused again, so it stays a notice.
 */
export async function retryFailed(seq: number): Promise<void> {
  await update(seq, (item) => (isGone(item.failure) ? item : { ...item, failure: undefined, attempts: 0 }));
  void run();
}

export async function dismiss(seq: number): Promise<void> {
  await withBrowserDb('outbox: dismiss', undefined, (db) => db.delete('outbox', seq));
  await changed();
}

/** Writes of one scope the person discarded from the list: the screen shows the server's value again. */
export const onOutboxDiscard = discards.listen;

/** The person drops a refused write for good: it is never sent, and the open screen forgets it. */
export async function discard(seq: number): Promise<void> {
  const item = state.items.find((i) => i.seq === seq);
  await dismiss(seq);
  if (item) discards.tell(item);
}

async function update(seq: number, change: (item: OutboxItem) => OutboxItem) {
  await withBrowserDb('outbox: update', undefined, async (db) => {
    const item = await db.get('outbox', seq);
    if (item) await db.put('outbox', change(item));
  });
  await changed();
}

let sessionLost: () => void = () => {};
/**
 * Sends the person's writes; null (signed out) stops. Called by the app on every session change,
 * with what to do when a send meets a 401 (the session ended on the server: the app asks again and
 * signs out; the writes stay on the device until the same person signs in).
 */
export function startOutbox(signedIn: string | null, onSessionLost?: () => void) {
  if (onSessionLost) sessionLost = onSessionLost;
  if (signedIn === userId) return;
  userId = signedIn;
  setState({ ready: false });
  void reload().then(run);
}

function body(request: OutboxRequest): { body?: BodyInit; headers: Record<string, string> } {
  if (request.parts) {
    const form = new FormData();
    for (const part of request.parts) {
      if (typeof part.value === 'string') form.append(part.name, part.value);
      else form.append(part.name, part.value, part.fileName ?? 'file');
    }
    return { body: form, headers: {} };
  }
  if (request.json === undefined) return { headers: {} };
  return { body: JSON.stringify(request.json), headers: { 'content-type': 'application/json' } };
}

async function sendOne(item: OutboxItem): Promise<Answer & { status: number }> {
  try {
    const response = await send(item.request.url, {
      method: item.request.method, ...body(item.request), timeoutMs: item.request.parts ? FILE_TIMEOUT_MS : undefined,
    });
    const text = await response.text();
    return { ok: true, status: response.status, body: text ? JSON.parse(text) as unknown : undefined };
  } catch (error) {
    const e = error instanceof ApiError ? error : new ApiError('UNKNOWN_ERROR', String(error), 0);
    return { ok: false, status: e.status, failure: { status: e.status, code: e.code, message: e.message, details: e.details } };
  }
}

type Rows = Record<string, { id: string }[]>;
/** The record's kept copy as the server now has it (docs/decisions/150): the answer, or its one row. */
async function keepAnswer({ keep, request, userId: who }: OutboxItem, body: unknown) {
  if (!keep?.row) return keep && keepRecord(keep.key, body, who);
  const { list, id } = keep.row;
  const entry = (body as { entry?: { id: string } } | undefined)?.entry;
  await changeKept<Rows>(keep.key, who, (data) => {
    const rows = data[list] ?? [];
    if (request.method === 'DELETE') return { ...data, [list]: rows.filter((r) => r.id !== id) };
    if (!entry) return data;
    return { ...data, [list]: rows.some((r) => r.id === id) ? rows.map((r) => (r.id === id ? entry : r)) : [...rows, entry] };
  });
}

/** Sends waiting writes oldest first until none waits, a send gets no answer, or the session ends. */
async function sendAll(): Promise<void> {
  for (;;) {
    const item = state.items.find((i) => !i.failure);
    if (!item || !userId || item.userId !== userId) return;
    setState({ sending: item.seq! });
    const answer = await sendOne(item);
    setState({ sending: null });
    const outcome = sendOutcome(answer.status);
    if (outcome === 'retry') {
      setState({ online: false });
      await update(item.seq!, (i) => ({ ...i, attempts: i.attempts + 1 }));
      retryTimer = setTimeout(() => void run(), retryDelay(item.attempts));
      return;
    }
    setState({ online: true });
    if (outcome === 'signed-out') return sessionLost();
    if (answer.ok && item.keep) await keepAnswer(item, answer.body);
    if (answer.ok) await dismiss(item.seq!);
    // Refused: kept with the reason, never sent on its own again. 'gone' (410) is final: the list
    // offers no Try again, only its notice to read (docs/decisions/110).
    else await update(item.seq!, (i) => ({ ...i, failure: answer.failure }));
    debugLog(answer.ok ? 'debug' : 'warn', `outbox ${item.request.method} ${item.request.url} → ${answer.status}`);
    answers.tell(item, answer);
  }
}

/** One sender at a time: in this tab (running), and across tabs (a Web Lock where there is one). */
async function run(): Promise<void> {
  if (running) {
    again = true;
    return;
  }
  running = true;
  clearTimeout(retryTimer);
  try {
    do {
      again = false;
      await reload();
      if (navigator.locks) await navigator.locks.request('casebook-outbox', sendAll);
      else await sendAll();
    } while (again);
  } finally {
    running = false;
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    setState({ online: true });
    void run();
  });
  window.addEventListener('offline', () => setState({ online: false }));
}
