// The time tracking feature as other features see it: the auto-save store of entry rows and the
// project search box (the weekly timesheet, issue 25), with the styles the box needs.
import './time-tracking.css';

export { EntryStore, type EntryAdapter, type SavedEntry } from './entry-store.ts';
export { outboxQueue, waitingWrites } from './outbox-queue.ts';
export type { QueuedWrite } from './entry-queue.ts';
export { ProjectSearchBox, useProjectBoxShortcut } from './project-search-box.tsx';
