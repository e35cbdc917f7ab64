// The entry of each document worker thread (docs/decisions/065). Threads run plain Node, whether
// the server runs under `node --import tsx` or under vitest: tsx's API loads the TypeScript task.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { tsImport } from 'tsx/esm/api';

// Documents wait for requests, not the other way round: this thread runs at a lower priority
// (nice 10). On Linux a thread's id is a pid to setpriority; elsewhere the thread keeps the default.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // No /proc: not Linux.
}

const task = await tsImport('./worker-task.ts', import.meta.url);
export default task.default;
