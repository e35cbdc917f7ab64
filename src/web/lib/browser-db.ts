import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItem } from './outbox-item.ts';
import { debugLog } from './debug-log.ts';

// The one browser database (ARCHITECTURE, Wave 3 parts: idb): what a user typed and the server
// does not have yet (drafts, issue 22), the offline queue of writes waiting to be sent (outbox,
// issue 26) and the copies of records opened once, read when there is no connection (records).
// A new store is added by the next version's upgrade; a landed version's upgrade never changes.

// Drafts (drafts.ts): the browser's own copy of what a user typed, one value per field.
/** Whose typing, in which record: a draft is only ever offered back to the person who typed it. */
export interface DraftScope {
  userId: string;
  /** e.g. 'field-report', 'action-item', 'client'. */
  recordType: string;
  recordId: string;
}

export interface Draft extends DraftScope {
  /** The field's path in the record (src/core/field-reports/field-paths.ts), e.g. '/content/damageSummary'. */
  field: string;
  value: unknown;
  /** When it was typed (ms since the epoch). */
  updatedAt: number;
}

/** A record as the server last answered it, kept for reading offline. */
export interface KeptRecord {
  userId: string;
  /** e.g. '/api/field-reports/<id>', the address it was read from. */
  key: string;
  value: unknown;
  keptAt: number;
}

export type DraftKey = [string, string, string, string];
export type RecordKey = [string, string, string];

export interface CasebookDb extends DBSchema {
  drafts: { key: DraftKey; value: Draft; indexes: { record: RecordKey } };
  /** `seq` (auto-increment) is the order the writes were made in, and are sent in. */
  outbox: { key: number; value: OutboxItem; indexes: { user: string; key: [string, string] } };
  records: { key: [string, string]; value: KeptRecord };
}

const DB_NAME = 'casebook';
const DB_VERSION = 2;
let opening: Promise<IDBPDatabase<CasebookDb>> | null = null;

function database(): Promise<IDBPDatabase<CasebookDb>> {
  opening ??= openDB<CasebookDb>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('drafts', { keyPath: ['userId', 'recordType', 'recordId', 'field'] })
          .createIndex('record', ['userId', 'recordType', 'recordId']);
      }
      if (oldVersion < 2) {
        const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
        outbox.createIndex('user', 'userId');
        outbox.createIndex('key', ['userId', 'key']);
        db.createObjectStore('records', { keyPath: ['userId', 'key'] });
      }
    },
    // A newer tab upgrades the database: let it, and open again on the next use.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  });
  return opening;
}

/** Storage can be missing (a locked-down browser) or full: work goes on, the failure is logged. */
export async function withBrowserDb<T>(what: string, fallback: T, run: (db: IDBPDatabase<CasebookDb>) => Promise<T>): Promise<T> {
  try {
    return await run(await database());
  } catch (error) {
    debugLog('warn', `Browser storage: ${what} failed`, String(error));
    return fallback;
  }
}
