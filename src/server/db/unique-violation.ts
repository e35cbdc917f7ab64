import { AppError } from '../errors/app-error.ts';

// The one way a unique violation (SQLSTATE 23505) becomes the catalogue's DUPLICATE_RECORD in the
// words of the form that caused it; one that no caller explains keeps the catalogue's own text
// (http/error-handler.ts).
const UNIQUE_VIOLATION = '23505';

/** Where a unique violation happened (its constraint, and the message naming it); null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  const e = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== UNIQUE_VIOLATION) return null;
  return `${typeof e.constraint === 'string' ? e.constraint : ''} ${typeof e.message === 'string' ? e.message : ''}`;
}

/** The catalogue's duplicate error with the caller's words. */
export const duplicateRecord = (message: string, details?: unknown) => new AppError('DUPLICATE_RECORD', message, details, UNIQUE_VIOLATION);

/**
 * Runs a write; a unique violation that `explain` has words for (it gets the constraint) is thrown
 * as DUPLICATE_RECORD with them. Any other error, and a violation without words, is thrown unchanged.
 */
export async function explainDuplicates<T>(
  write: () => Promise<T>,
  explain: (where: string) => { message: string; details?: unknown } | undefined,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const where = uniqueViolation(error);
    const words = where === null ? undefined : explain(where);
    throw words ? duplicateRecord(words.message, words.details) : error;
  }
}
