// The module each document worker thread runs (docs/decisions/065): worker.mjs loads it from the
// source, the build runs dist/server/documents/worker-thread.mjs (scripts/build-server.ts).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

// Documents wait for requests, not the other way round: this thread runs at a lower priority
// (nice 10). On Linux a thread's id is a pid to setpriority; elsewhere the thread keeps the default.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // No /proc: not Linux.
}

export { default } from './worker-task.ts';
