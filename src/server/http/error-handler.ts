import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fromDatabaseCode, messageFor, type ErrorCode } from '../../core/errors.ts';
import type { TApiError } from '../../core/api/errors.ts';
import { readWeekLock, weekLockMessage } from '../../core/time/weeks.ts';
import { AppError } from '../errors/app-error.ts';
import { BODY_LIMIT_TEXT } from './limits.ts';
import { loggableUrl } from './paths.ts';

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Raised by the time_entries_week_lock trigger (migration 018) on any change to a submitted or approved week. */
const WEEK_LOCK_SQLSTATE = 'CBW01';
const MISSING_REFERENCE = 'Something you picked no longer exists. Please refresh the page and choose again.';

/**
 * Database errors that only bad input can cause: a value PostgreSQL cannot hold (class 22) or a
 * constraint it breaks (class 23). They are the caller's to fix, so never a 500 or an error log.
 */
function inputDatabaseCode(sqlState: string): ErrorCode | null {
  if (sqlState === '22P02' || sqlState === '23505' || sqlState === '23503') return null; // the catalogue's own
  if (sqlState.startsWith('22')) return 'INVALID_FORMAT';
  if (sqlState.startsWith('23')) return 'CONSTRAINT_VIOLATION';
  return null;
}

/** Maps any thrown error to one AppError: the single place where error codes meet HTTP. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = error as Partial<FastifyError> & { code?: string };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new AppError('VALIDATION_ERROR', undefined, error.validation.map((v) => ({
      path: v.instancePath, message: v.message, rule: v.keyword,
    })));
  }
  // 23503 on an insert or update means a picked record (a firm, a rate code…) no longer exists;
  // the spec's 23503 text is about deleting something still in use, so it would mislead here.
  if (e.code === '23503' && /is not present in table/.test((error as { detail?: string }).detail ?? '')) {
    return new AppError('VALIDATION_ERROR', MISSING_REFERENCE, undefined, e.code);
  }
  if (e.code === WEEK_LOCK_SQLSTATE) {
    const lock = readWeekLock(e.message ?? '');
    if (lock) return new AppError('CONSTRAINT_VIOLATION', weekLockMessage(lock), { week: lock }, e.code);
  }
  if (typeof e.code === 'string' && SQLSTATE.test(e.code) && !e.code.startsWith('FST')) {
    const code = inputDatabaseCode(e.code) ?? fromDatabaseCode(e.code);
    return new AppError(code, messageFor(code, e.code), undefined, e.code);
  }
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError('VALIDATION_ERROR', undefined, { reason: `The request is larger than ${BODY_LIMIT_TEXT}.` }, undefined, 413);
  }
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new AppError('INVALID_FORMAT', undefined, { reason: 'Send the request body as JSON (Content-Type: application/json).' }, undefined, 415);
  }
  if (e.statusCode === 429) return new AppError('RATE_LIMIT');
  if (e.statusCode === 404) return new AppError('RECORD_NOT_FOUND');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new AppError('VALIDATION_ERROR', e.message);
  return new AppError('SERVER_ERROR');
}

/** What a 5xx leaves behind for the error log (the error-logs feature's writer, passed in by app.ts). */
interface FailedRequest {
  code: string;
  message: string;
  severity: 'error' | 'critical';
  context: Record<string, unknown>;
  url: string;
  userAgent: string | null;
  userId: string | null;
}

export function registerErrorHandler(app: FastifyInstance, logError: (failure: FailedRequest) => Promise<void>) {
  app.setErrorHandler(async (error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
      await logError({
        code: appError.code,
        message: error instanceof Error ? error.message : String(error),
        severity: appError.code === 'SERVER_ERROR' ? 'critical' : 'error',
        context: { method: request.method, route: request.routeOptions.url },
        url: loggableUrl(request.url),
        userAgent: request.headers['user-agent'] ?? null,
        userId: request.auth?.user.id ?? null,
      });
    }
    const body: TApiError = {
      error: {
        code: appError.code,
        message: appError.message,
        ...(appError.dbCode ? { dbCode: appError.dbCode } : {}),
        ...(appError.details !== undefined ? { details: appError.details } : {}),
      },
    };
    return reply.status(appError.status).send(body);
  });
}
