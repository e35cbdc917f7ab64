import { useSyncExternalStore } from 'react';
import { ERROR_SEVERITY, messageFor, type ErrorCode, type ErrorSeverity } from '../../core/errors.ts';
import { api } from './api.ts';
import { ApiError } from './transport.ts';
import { debugLog } from './debug-log.ts';

/** SPEC §3 Error record. */
export interface ErrorRecord {
  code: ErrorCode;
  message: string;
  userMessage: string;
  severity: ErrorSeverity;
  timestamp: string;
  context?: Record<string, unknown>;
}

let current: ErrorRecord | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function toErrorRecord(error: unknown, context?: Record<string, unknown>): ErrorRecord {
  const code: ErrorCode = error instanceof ApiError ? error.code : 'UNKNOWN_ERROR';
  return {
    code,
    message: error instanceof Error ? error.message : String(error),
    userMessage: error instanceof ApiError ? error.message : messageFor(code),
    severity: ERROR_SEVERITY[code],
    timestamp: new Date().toISOString(),
    context,
  };
}

/** Shows the error banner; error and critical are also stored in error_logs (failures only reach the console). */
export function reportError(error: unknown, context?: Record<string, unknown>) {
  const record = toErrorRecord(error, context);
  current = record;
  emit();
  debugLog('error', record.message, record);
  if (record.severity === 'error' || record.severity === 'critical') {
    api('/api/error-logs', {
      method: 'POST',
      body: {
        code: record.code, message: record.message, severity: record.severity,
        context: record.context, url: location.href, timestamp: record.timestamp,
      },
    }).catch((e) => console.error('Failed to log error', e));
  }
}

export function dismissError() {
  current = null;
  emit();
}

export function useCurrentError(): ErrorRecord | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
