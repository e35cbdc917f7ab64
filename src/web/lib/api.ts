import { CSRF_COOKIE, CSRF_HEADER } from '../../core/constants.ts';
import { classifyClientError, isErrorCode, messageFor, OFFLINE_MESSAGE, type ErrorCode } from '../../core/errors.ts';
import { debugLog } from './debug-log.ts';
import { setMaintenance } from './maintenance.ts';

/** The one error type of the web app: a catalogue code and the message to show. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly details?: unknown,
    readonly dbCode?: string,
  ) {
    super(message);
  }
}

export function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

const TIMEOUT_MS = 20_000;

/** Every call to /api goes through here: CSRF header, timeout, and errors mapped to ApiError. */
export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal; file?: Blob } = {}): Promise<T> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.file) headers['content-type'] = 'application/octet-stream';
  const csrf = readCookie(CSRF_COOKIE) ?? '';
  if (method !== 'GET') headers[CSRF_HEADER] = csrf;
  // A file upload (a whole backup) may take longer than a data call.
  const timeout = AbortSignal.timeout(init.file ? 60 * TIMEOUT_MS : TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: init.file ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      credentials: 'same-origin',
      signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    debugLog('warn', `${method} ${path} failed before a response`, String(error));
    if (timeout.aborted) throw new ApiError('NETWORK_TIMEOUT', messageFor('NETWORK_TIMEOUT'), 0);
    if (!navigator.onLine) throw new ApiError('NETWORK_ERROR', OFFLINE_MESSAGE, 0);
    // A fetch that fails without a response is a network failure whatever its wording.
    const code = classifyClientError(error) === 'NETWORK_TIMEOUT' ? 'NETWORK_TIMEOUT' : 'NETWORK_ERROR';
    throw new ApiError(code, messageFor(code), 0);
  }
  // The 15-minute refresh renews the CSRF token; a request sent just before it carried the old
  // one. Send it once more with the new token rather than fail the user's save.
  if (response.status === 403 && method !== 'GET' && (readCookie(CSRF_COOKIE) ?? '') !== csrf) {
    return api<T>(path, init);
  }
  if (response.status === 204) return undefined as T;
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const e = body?.error;
    if (response.status === 503 && e?.details?.maintenance) setMaintenance(true);
    const code: ErrorCode = isErrorCode(e?.code) ? e.code : response.status >= 500 ? 'SERVER_ERROR' : 'UNKNOWN_ERROR';
    debugLog('warn', `${method} ${path} → ${response.status}`, body);
    throw new ApiError(code, e?.message ?? messageFor(code), response.status, e?.details, e?.dbCode);
  }
  debugLog('debug', `${method} ${path} → ${response.status}`);
  return body as T;
}
