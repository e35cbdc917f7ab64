/** In-memory debug history (SPEC §9), exportable as a JSON file from the error banner. */
export interface DebugEntry {
  at: string;
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  data?: unknown;
}

const MAX_ENTRIES = 500;
const entries: DebugEntry[] = [];

export function debugLog(level: DebugEntry['level'], message: string, data?: unknown) {
  entries.push({ at: new Date().toISOString(), level, message, data });
  if (entries.length > MAX_ENTRIES) entries.shift();
  if (level === 'error') console.error(message, data ?? '');
}

export function downloadDebugLog() {
  const blob = new Blob([JSON.stringify({ exportedAt: new Date().toISOString(), url: location.href, entries }, null, 2)], {
    type: 'application/json',
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `casebook-debug-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}
