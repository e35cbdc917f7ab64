// Time and expense entries as every screen that edits them sees them (issue 44, docs/decisions/129):
// the rows' store, which saves only through the one outbox, and the week lock's refusals. Time
// Tracking's tables and the timesheet's cells are two views of these.
export { EntryStore } from './entry-store.ts';
export type { EntryAdapter, QueueMode, QueuedWrite, RowState, RowStatus, SavedEntry } from './entry-types.ts';
export { keptKey, outboxQueue, waitingWrites } from './outbox-queue.ts';
