import { AppError } from '../../errors/app-error.ts';

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
