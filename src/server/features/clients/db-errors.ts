import { messageFor } from '../../../core/errors.ts';
import { AppError } from '../../http/app-error.ts';

interface PgError { code?: string; constraint?: string; message?: string }

/**
 * Says which value is already in use instead of the generic duplicate text. Relies on the
 * unique indexes of 001_init.sql, so two people saving at once still get the clear message.
 */
export async function explainDuplicates<T>(work: Promise<T>, values: { fileNumber?: string; projectNumber?: string }): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const e = error as PgError;
    if (e.code === '23505') {
      const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
      if (where.includes('cases_file_number_key') && values.fileNumber !== undefined) {
        throw new AppError('DUPLICATE_RECORD', `File number ${values.fileNumber} is already in use by another case.`, { field: 'fileNumber' }, '23505');
      }
      if (where.includes('projects_number_key') && values.projectNumber !== undefined) {
        throw new AppError('DUPLICATE_RECORD', `Project number ${values.projectNumber} is already in use by another project.`, { field: 'projectNumber' }, '23505');
      }
    }
    throw error;
  }
}

/**
 * The schema's foreign keys are ON DELETE RESTRICT, which PostgreSQL reports as 23001
 * (restrict_violation) rather than 23503; both mean "still referenced", so both get the
 * spec's 23503 text (SPEC §8).
 */
export async function explainReferenced<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = (error as PgError).code;
    if (code === '23001' || code === '23503') {
      throw new AppError('CONSTRAINT_VIOLATION', messageFor('CONSTRAINT_VIOLATION', '23503'), undefined, '23503');
    }
    throw error;
  }
}
