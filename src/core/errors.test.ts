import { describe, expect, it } from 'vitest';
import {
  classifyClientError,
  ERROR_CODES,
  ERROR_MESSAGES,
  ERROR_SEVERITY,
  fromDatabaseCode,
  HTTP_STATUS,
  isErrorCode,
  LOGOUT_QUESTION,
  messageFor,
  REPORT_ISSUE_THANKS,
  SIGN_IN_FAILED,
  UNSAVED_CHANGES_QUESTION,
  type ErrorCode,
  type SpecErrorCode,
} from './errors.ts';

describe('ERROR_MESSAGES', () => {
  it.each<[SpecErrorCode, string]>([
    ['NETWORK_ERROR', 'Unable to connect. Please check your internet connection and try again.'],
    ['NETWORK_TIMEOUT', 'The request took too long. Please try again.'],
    ['AUTH_EXPIRED', 'Your session has expired. Please log in again.'],
    ['AUTH_REQUIRED', 'Please log in to continue.'],
    ['PERMISSION_DENIED', "You don't have permission to perform this action."],
    ['VALIDATION_ERROR', 'Please check the form and fix any errors.'],
    ['REQUIRED_FIELD', 'Please fill in all required fields.'],
    ['INVALID_FORMAT', 'Please check the format of your input.'],
    ['DUPLICATE_RECORD', 'This record already exists.'],
    ['RECORD_NOT_FOUND', 'The requested record was not found.'],
    ['CONSTRAINT_VIOLATION', 'This action violates data integrity rules.'],
    ['RATE_LIMIT', 'Too many requests. Please wait a moment and try again.'],
    ['SERVER_ERROR', 'Something went wrong on our end. Our team has been notified.'],
    ['SERVICE_UNAVAILABLE', 'This service is temporarily unavailable. Please try again later.'],
    ['UNKNOWN_ERROR', 'An unexpected error occurred. Please try again.'],
    ['DATABASE_ERROR', 'A database error occurred. Please try again.'],
  ])('%s', (code, message) => {
    expect(ERROR_MESSAGES[code]).toBe(message);
    expect(messageFor(code)).toBe(message);
  });

  it('covers the sixteen catalogue codes (and EDIT_CONFLICT, RECORD_DELETED)', () => {
    expect(ERROR_CODES).toHaveLength(18);
    expect(Object.keys(ERROR_MESSAGES)).toHaveLength(16);
  });
});

describe('HTTP_STATUS and ERROR_SEVERITY', () => {
  it.each<[ErrorCode, number, string]>([
    ['AUTH_REQUIRED', 401, 'error'],
    ['AUTH_EXPIRED', 401, 'error'],
    ['PERMISSION_DENIED', 403, 'error'],
    ['VALIDATION_ERROR', 400, 'warning'],
    ['REQUIRED_FIELD', 400, 'warning'],
    ['INVALID_FORMAT', 400, 'warning'],
    ['DUPLICATE_RECORD', 409, 'warning'],
    ['RECORD_NOT_FOUND', 404, 'error'],
    ['CONSTRAINT_VIOLATION', 409, 'error'],
    ['RATE_LIMIT', 429, 'error'],
    ['SERVER_ERROR', 500, 'critical'],
    ['SERVICE_UNAVAILABLE', 503, 'error'],
    ['DATABASE_ERROR', 500, 'error'],
    ['UNKNOWN_ERROR', 500, 'error'],
    ['NETWORK_ERROR', 502, 'warning'],
    ['NETWORK_TIMEOUT', 504, 'warning'],
    ['RECORD_DELETED', 410, 'warning'],
  ])('%s → %i, %s', (code, status, severity) => {
    expect(HTTP_STATUS[code]).toBe(status);
    expect(ERROR_SEVERITY[code]).toBe(severity);
  });
});

describe('fromDatabaseCode and messageFor', () => {
  it.each<[string, ErrorCode, string]>([
    ['42501', 'PERMISSION_DENIED', "You don't have permission to perform this action."],
    ['23505', 'DUPLICATE_RECORD', 'This record already exists.'],
    ['23503', 'CONSTRAINT_VIOLATION', 'This record is connected to other data and cannot be modified.'],
    ['22P02', 'INVALID_FORMAT', 'Invalid data format. Please refresh the page and try again.'],
    ['PGRST301', 'AUTH_EXPIRED', 'Your session has expired. Please log in again.'],
    ['CBD01', 'RECORD_DELETED', 'This entry was deleted.'],
    ['23514', 'DATABASE_ERROR', 'A database error occurred. Please try again.'],
    ['', 'DATABASE_ERROR', 'A database error occurred. Please try again.'],
  ])('%j → %s: %s', (dbCode, code, message) => {
    expect(fromDatabaseCode(dbCode)).toBe(code);
    expect(messageFor(code, dbCode)).toBe(message);
  });

  it.each<[ErrorCode, string | undefined, string]>([
    ['INVALID_FORMAT', undefined, 'Please check the format of your input.'],
    ['CONSTRAINT_VIOLATION', undefined, 'This action violates data integrity rules.'],
    ['CONSTRAINT_VIOLATION', '23514', 'This action violates data integrity rules.'],
    ['UNKNOWN_ERROR', '22P02', 'An unexpected error occurred. Please try again.'],
  ])('messageFor(%s, %j) → %s', (code, dbCode, message) => {
    expect(messageFor(code, dbCode)).toBe(message);
  });
});

describe('classifyClientError', () => {
  const named = (name: string, message = ''): Error => Object.assign(new Error(message), { name });

  it.each<[string, unknown, ErrorCode]>([
    ['network-error name', named('NetworkError', 'offline'), 'NETWORK_ERROR'],
    ['browser fetch failure', new TypeError('Failed to fetch'), 'NETWORK_ERROR'],
    ['node fetch failure', new TypeError('fetch failed'), 'NETWORK_ERROR'],
    ['thrown string about fetch', 'Fetch aborted', 'NETWORK_ERROR'],
    ['timeout name', named('TimeoutError', 'The operation was aborted'), 'NETWORK_TIMEOUT'],
    ['timeout message', new Error('Request timeout'), 'NETWORK_TIMEOUT'],
    ['timed out message', new Error('The request timed out'), 'NETWORK_TIMEOUT'],
    ['other error', new Error('boom'), 'UNKNOWN_ERROR'],
    ['plain object', { message: 'nope' }, 'UNKNOWN_ERROR'],
    ['null', null, 'UNKNOWN_ERROR'],
    ['number', 42, 'UNKNOWN_ERROR'],
  ])('%s → %s', (_case, error, code) => {
    expect(classifyClientError(error)).toBe(code);
  });
});

describe('isErrorCode', () => {
  it.each([
    ['DUPLICATE_RECORD', true],
    ['duplicate_record', false],
    ['toString', false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(isErrorCode(value)).toBe(expected);
  });
});

describe('generic messages', () => {
  it.each([
    [SIGN_IN_FAILED, 'Invalid email or password. Please try again.'],
    [REPORT_ISSUE_THANKS, 'Thank you for reporting this issue. Our team will investigate.'],
    [UNSAVED_CHANGES_QUESTION, 'You have unsaved changes that will be lost. Do you want to continue?'],
    [LOGOUT_QUESTION, 'Are you sure you want to log out?'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
