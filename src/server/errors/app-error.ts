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
