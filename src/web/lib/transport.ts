import { CSRF_COOKIE, CSRF_HEADER } from '../../core/constants.ts';
import { classifyClientError, isErrorCode, messageFor, OFFLINE_MESSAGE, type ErrorCode } from '../../core/errors.ts';
import { debugLog } from './debug-log.ts';
import { setMaintenance } from './maintenance.ts';

/**
 * The web transport core (ADR 077): what every request to /api shares, whether it is sent by
 * `api()` (JSON), `uploadFiles()` (multipart with progress) or `downloadFile()` (a file to save):
 * the CSRF header and its one retry, the error envelope mapped to ApiError, the maintenance switch.
 */

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

/** The server is still starting (503 with details.starting, docs/decisions/112): a moment's wait, not a failure. */
export const isStarting = (e: unknown) =>
  e instanceof ApiError && e.status === 503 && (e.details as { starting?: unknown } | undefined)?.starting === true;

/** What a person reads for a failed call: the server's sentence, or SPEC's unknown-error sentence. */
export const errorText = (e: unknown) => (e instanceof ApiError ? e.message : messageFor('UNKNOWN_ERROR'));

export function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

const TIMEOUT_MS = 20_000;
/** A file (a whole backup, a report's PDF) may take longer than a data call. */
export const FILE_TIMEOUT_MS = 60 * TIMEOUT_MS;

interface Envelope { error?: { code?: unknown; message?: string; details?: { maintenance?: unknown }; dbCode?: string } }

/**
 * A refused request as ApiError: the envelope's code and message, else the status's. A 503 saying
 * the server is being restored switches the app to its maintenance screen.
 */
export function errorOfResponse(label: string, status: number, body: unknown): ApiError {
  const e = (body as Envelope | null)?.error;
  if (status === 503 && e?.details?.maintenance) setMaintenance(true);
  const code: ErrorCode = isErrorCode(e?.code) ? e.code : status >= 500 ? 'SERVER_ERROR' : 'UNKNOWN_ERROR';
  debugLog('warn', `${label} → ${status}`, body);
  return new ApiError(code, e?.message ?? messageFor(code), status, e?.details, e?.dbCode);
}

/** A request that got no answer: timed out, offline, or another network failure. */
export function errorOfNoAnswer(label: string, timedOut: boolean, error?: unknown): ApiError {
  debugLog('warn', `${label} failed before a response`, String(error));
  if (timedOut) return new ApiError('NETWORK_TIMEOUT', messageFor('NETWORK_TIMEOUT'), 0);
  if (!navigator.onLine) return new ApiError('NETWORK_ERROR', OFFLINE_MESSAGE, 0);
  // A request that fails without a response is a network failure whatever its wording.
  const code = classifyClientError(error) === 'NETWORK_TIMEOUT' ? 'NETWORK_TIMEOUT' : 'NETWORK_ERROR';
  return new ApiError(code, messageFor(code), 0);
}

/**
 * Sends a request with the CSRF token (`send` puts it in the header of any method but GET). The
 * 15-minute refresh renews the token; a request sent just before it carried the old one: it is
 * sent once more with the new token rather than fail the user's save.
 */
export async function withCsrf<R extends { status: number }>(method: string, send: (csrf: string) => Promise<R>): Promise<R> {
  const csrf = readCookie(CSRF_COOKIE) ?? '';
  const first = await send(csrf);
  const renewed = readCookie(CSRF_COOKIE) ?? '';
  if (first.status === 403 && method !== 'GET' && renewed !== csrf) return send(renewed);
  return first;
}

interface SendInit {
  method?: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * One fetch to /api: same-origin credentials, the CSRF header and retry, a timeout, and any
 * failure (no answer, or a status outside 2xx) thrown as ApiError. Returns the answer to read.
 */
export async function send(path: string, init: SendInit = {}): Promise<Response> {
  const method = init.method ?? 'GET';
  const label = `${method} ${path}`;
  const response = await withCsrf(method, async (csrf) => {
    const timeout = AbortSignal.timeout(init.timeoutMs ?? TIMEOUT_MS);
    const headers = method === 'GET' ? { ...init.headers } : { ...init.headers, [CSRF_HEADER]: csrf };
    try {
      return await fetch(path, {
        method,
        headers,
        body: init.body,
        credentials: 'same-origin',
        signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw errorOfNoAnswer(label, timeout.aborted, error);
    }
  });
  if (!response.ok) throw errorOfResponse(label, response.status, await response.json().catch(() => null));
  debugLog('debug', `${label} → ${response.status}`);
  return response;
}
