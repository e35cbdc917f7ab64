import { HTTP_STATUS, messageFor, type ErrorCode } from '../../core/errors.ts';

/** The one error type of the server: a catalogue code, its HTTP status and the user message. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
    readonly dbCode?: string,
    /** Only where HTTP has a more exact status than the code's own (413, 415). */
    status?: number,
  ) {
    super(message ?? messageFor(code, dbCode));
    this.status = status ?? HTTP_STATUS[code];
  }
}

/**
 * A rule's refusal of one field of the request (issue 44): the field's path and the rule in
 * `details`, in the same shape as a schema check's, so no screen reads a field from the words.
 */
export function refuse(field: string, message: string, rule: string, code: ErrorCode = 'VALIDATION_ERROR'): AppError {
  return new AppError(code, message, fieldProblems(field, message, rule));
}

/** The `details` of a refusal naming one field: `[{ path: '/field', message, rule }]`. */
export const fieldProblems = (field: string, message: string, rule: string) =>
  [{ path: field.startsWith('/') ? field : `/${field}`, message, rule }];
