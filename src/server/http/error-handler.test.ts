import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { toAppError } from './error-handler.ts';

const dbError = (code: string, detail = '') => Object.assign(new Error('db'), { code, detail });

describe('toAppError', () => {
  it.each([
    // Values PostgreSQL cannot hold and constraints broken by input: the caller's to fix, never a 500.
    [dbError('22008'), 'INVALID_FORMAT', 400],
    [dbError('22021'), 'INVALID_FORMAT', 400],
    [dbError('22003'), 'INVALID_FORMAT', 400],
    [dbError('23514'), 'CONSTRAINT_VIOLATION', 409],
    [dbError('23502'), 'CONSTRAINT_VIOLATION', 409],
    // The catalogue's own database codes are unchanged.
    [dbError('22P02'), 'INVALID_FORMAT', 400],
    [dbError('23505'), 'DUPLICATE_RECORD', 409],
    [dbError('23503'), 'CONSTRAINT_VIOLATION', 409],
    [dbError('42501'), 'PERMISSION_DENIED', 403],
    [dbError('40001'), 'DATABASE_ERROR', 500],
    // A create of a remembered deleted id (migration 032's trigger).
    [dbError('CBD01'), 'RECORD_DELETED', 410],
    // HTTP's more exact statuses.
    [Object.assign(new Error('big'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }), 'VALIDATION_ERROR', 413],
    [Object.assign(new Error('type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }), 'INVALID_FORMAT', 415],
    [Object.assign(new Error('json'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }), 'VALIDATION_ERROR', 400],
    [new AppError('RATE_LIMIT'), 'RATE_LIMIT', 429],
    [new Error('anything else'), 'SERVER_ERROR', 500],
  ])('%s → %s %i', (error, code, status) => {
    const mapped = toAppError(error);
    expect([mapped.code, mapped.status]).toEqual([code, status]);
  });

  it('keeps the 22P02 and 23503 texts of the catalogue', () => {
    expect(toAppError(dbError('22P02')).message).toBe('Invalid data format. Please refresh the page and try again.');
    expect(toAppError(dbError('23503')).message).toBe('This record is connected to other data and cannot be modified.');
    expect(toAppError(dbError('CBD01')).message).toBe('This entry was deleted.');
  });
});
