/** The codes of the SPEC §8 catalogue. */
export type SpecErrorCode =
  | 'NETWORK_ERROR'
  | 'NETWORK_TIMEOUT'
  | 'AUTH_EXPIRED'
  | 'AUTH_REQUIRED'
  | 'PERMISSION_DENIED'
  | 'VALIDATION_ERROR'
  | 'REQUIRED_FIELD'
  | 'INVALID_FORMAT'
  | 'DUPLICATE_RECORD'
  | 'RECORD_NOT_FOUND'
  | 'CONSTRAINT_VIOLATION'
  | 'RATE_LIMIT'
  | 'SERVER_ERROR'
  | 'SERVICE_UNAVAILABLE'
  | 'UNKNOWN_ERROR'
  | 'DATABASE_ERROR';

/**
 * Every code the app uses: the catalogue, plus EDIT_CONFLICT for a stale version (docs/decisions/003)
 * and RECORD_DELETED for a create of an id that was deleted (410, docs/decisions/110).
 */
export type ErrorCode = SpecErrorCode | 'EDIT_CONFLICT' | 'RECORD_DELETED';

export type ErrorSeverity = 'info' | 'warning' | 'error' | 'critical';

/** User-facing message per code: exactly the SPEC §8 catalogue. */
export const ERROR_MESSAGES: Record<SpecErrorCode, string> = {
  NETWORK_ERROR: 'Unable to connect. Please check your internet connection and try again.',
  NETWORK_TIMEOUT: 'The request took too long. Please try again.',
  AUTH_EXPIRED: 'Your session has expired. Please log in again.',
  AUTH_REQUIRED: 'Please log in to continue.',
  PERMISSION_DENIED: "You don't have permission to perform this action.",
  VALIDATION_ERROR: 'Please check the form and fix any errors.',
  REQUIRED_FIELD: 'Please fill in all required fields.',
  INVALID_FORMAT: 'Please check the format of your input.',
  DUPLICATE_RECORD: 'This record already exists.',
  RECORD_NOT_FOUND: 'The requested record was not found.',
  CONSTRAINT_VIOLATION: 'This action violates data integrity rules.',
  RATE_LIMIT: 'Too many requests. Please wait a moment and try again.',
  SERVER_ERROR: 'Something went wrong on our end. Our team has been notified.',
  SERVICE_UNAVAILABLE: 'This service is temporarily unavailable. Please try again later.',
  UNKNOWN_ERROR: 'An unexpected error occurred. Please try again.',
  DATABASE_ERROR: 'A database error occurred. Please try again.',
};

/** A replayed create (a PUT without a version, an offline queue's resend) of a row deleted since: 410, stored nothing. */
export const RECORD_DELETED_MESSAGE = 'This entry was deleted.';

const MESSAGES: Record<ErrorCode, string> = {
  ...ERROR_MESSAGES,
  EDIT_CONFLICT: 'Someone else changed this record while you were editing. Review their version before saving yours.',
  RECORD_DELETED: RECORD_DELETED_MESSAGE,
};

export const ERROR_CODES = Object.keys(MESSAGES) as ErrorCode[];

// Warnings are problems the user can fix or retry; error and critical get the
// "Report issue" button and are written to error_logs.
export const ERROR_SEVERITY: Record<ErrorCode, ErrorSeverity> = {
  NETWORK_ERROR: 'warning',
  NETWORK_TIMEOUT: 'warning',
  AUTH_EXPIRED: 'error',
  AUTH_REQUIRED: 'error',
  PERMISSION_DENIED: 'error',
  VALIDATION_ERROR: 'warning',
  REQUIRED_FIELD: 'warning',
  INVALID_FORMAT: 'warning',
  DUPLICATE_RECORD: 'warning',
  RECORD_NOT_FOUND: 'error',
  CONSTRAINT_VIOLATION: 'error',
  RATE_LIMIT: 'error',
  SERVER_ERROR: 'critical',
  SERVICE_UNAVAILABLE: 'error',
  UNKNOWN_ERROR: 'error',
  DATABASE_ERROR: 'error',
  EDIT_CONFLICT: 'warning',
  RECORD_DELETED: 'warning',
};

export const HTTP_STATUS: Record<ErrorCode, number> = {
  NETWORK_ERROR: 502,
  NETWORK_TIMEOUT: 504,
  AUTH_EXPIRED: 401,
  AUTH_REQUIRED: 401,
  PERMISSION_DENIED: 403,
  VALIDATION_ERROR: 400,
  REQUIRED_FIELD: 400,
  INVALID_FORMAT: 400,
  DUPLICATE_RECORD: 409,
  RECORD_NOT_FOUND: 404,
  CONSTRAINT_VIOLATION: 409,
  RATE_LIMIT: 429,
  SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  UNKNOWN_ERROR: 500,
  DATABASE_ERROR: 500,
  EDIT_CONFLICT: 409,
  RECORD_DELETED: 410,
};

const DATABASE_CODES = new Map<string, ErrorCode>([
  ['42501', 'PERMISSION_DENIED'],
  ['23505', 'DUPLICATE_RECORD'],
  ['23503', 'CONSTRAINT_VIOLATION'],
  ['22P02', 'INVALID_FORMAT'],
  ['PGRST301', 'AUTH_EXPIRED'],
  // Raised by the deleted_ids_refuse trigger (migration 032): an insert of a remembered deleted id.
  ['CBD01', 'RECORD_DELETED'],
]);

/** Maps a PostgreSQL (or data API) error code; anything unlisted is a DATABASE_ERROR. */
export function fromDatabaseCode(code: string): ErrorCode {
  return DATABASE_CODES.get(code) ?? 'DATABASE_ERROR';
}

// Some database codes have a more precise message than their catalogue code.
const DATABASE_CODE_MESSAGES = new Map<string, string>([
  ['22P02', 'Invalid data format. Please refresh the page and try again.'],
  ['23503', 'This record is connected to other data and cannot be modified.'],
]);

export function messageFor(code: ErrorCode, dbCode?: string): string {
  const specific = dbCode !== undefined && fromDatabaseCode(dbCode) === code ? DATABASE_CODE_MESSAGES.get(dbCode) : undefined;
  return specific ?? MESSAGES[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

/** Classifies something thrown in the browser (SPEC §8 Handling). */
export function classifyClientError(e: unknown): ErrorCode {
  let name = '';
  let message = '';
  if (typeof e === 'string') {
    message = e;
  } else if (typeof e === 'object' && e !== null) {
    const { name: n, message: m } = e as { name?: unknown; message?: unknown };
    name = typeof n === 'string' ? n : '';
    message = typeof m === 'string' ? m : '';
  }
  if (name === 'NetworkError' || /fetch/i.test(message)) return 'NETWORK_ERROR';
  if (/timeout/i.test(name) || /time(d)? ?out/i.test(message)) return 'NETWORK_TIMEOUT';
  return 'UNKNOWN_ERROR';
}

// Generic texts from SPEC §8 "Other messages".
export const SIGN_IN_FAILED = 'Invalid email or password. Please try again.';
export const REPORT_ISSUE_THANKS = 'Thank you for reporting this issue. Our team will investigate.';
export const UNSAVED_CHANGES_QUESTION = 'You have unsaved changes that will be lost. Do you want to continue?';
export const LOGOUT_QUESTION = 'Are you sure you want to log out?';
export const OFFLINE_MESSAGE = 'No internet connection. Please check your network and try again.';
/** What every API request hears (503, Retry-After) until the start's migrations and demo data are done (docs/decisions/112). */
export const STARTING_MESSAGE = 'Casebook is starting. Try again in a moment.';
