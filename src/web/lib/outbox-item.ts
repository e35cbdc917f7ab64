import type { OutboxKind } from '../../core/outbox.ts';

/** One write waiting to be sent (outbox.ts). Kept in IndexedDB, so it outlives the tab. */
export interface OutboxItem {
  /** Order of making, and of sending (IndexedDB's auto-increment key). */
  seq?: number;
  /** Client-made id of this write: the request names it (a record's or image's id), so a replay is answered, not repeated. */
  id: string;
  /** Whose session sends it: only ever sent while the same person is signed in. */
  userId: string;
  kind: OutboxKind;
  /** The record it changes, e.g. 'field-report:<id>' or 'project:<id>': screens listen by scope. */
  scope: string;
  /**
   * A later write with the same key replaces this one while it waits (the latest value of one
   * field is one change, however often it was typed), keeping its place in the order.
   */
  key: string;
  /** What the queue's list says it is, e.g. 'Report 0007: Damage summary' or 'Photo IMG_0042.jpg'. */
  label: string;
  request: OutboxRequest;
  /**
   * The kept copy (records store key) the answer updates, even with its screen closed: replaced whole
   * by the answer, or with `row`, one row of one of its lists (the answer's `entry`; a DELETE removes it).
   */
  keep?: { key: string; row?: { list: string; id: string } };
  createdAt: number;
  /** Sends that got no answer so far. */
  attempts: number;
  /** Set when the server refused it: kept in the list with the reason until retried or dismissed. */
  failure?: OutboxFailure;
}

export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** A JSON body… */
  json?: unknown;
  /** …or a multipart body: its parts in order (a Blob keeps its file name in `fileName`). */
  parts?: { name: string; value: Blob | string; fileName?: string }[];
}

export interface OutboxFailure {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}
