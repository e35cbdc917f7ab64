import { HTTP_STATUS, messageFor, type ErrorCode } from '../../core/errors.ts';

/** The one error type of the server: a catalogue code, its HTTP status and the user message. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
    readonly dbCode?: string,
  ) {
    super(message ?? messageFor(code, dbCode));
    this.status = HTTP_STATUS[code];
  }
}
