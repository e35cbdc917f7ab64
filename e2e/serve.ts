// Starts the real server on a fresh data folder for the browser tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'casebook-e2e-'));
await import('../src/server/main.ts');
