import { explainDuplicates } from '../../db/unique-violation.ts';
import { fieldProblems } from '../../errors/app-error.ts';

/**
 * Says which value is already in use instead of the generic duplicate text. Relies on the
 * unique indexes of 001_init.sql, so two people saving at once still get the clear message.
 */
export const explainTakenNumbers = <T>(work: Promise<T>, values: { fileNumber?: string; projectNumber?: string }): Promise<T> =>
  explainDuplicates(() => work, (where) => {
    if (where.includes('cases_file_number_key') && values.fileNumber !== undefined) {
      const message = `File number ${values.fileNumber} is already in use by another case.`;
      return { message, details: fieldProblems('fileNumber', message, 'unique') };
    }
    if (where.includes('projects_number_key') && values.projectNumber !== undefined) {
      const message = `Project number ${values.projectNumber} is already in use by another project.`;
      return { message, details: fieldProblems('projectNumber', message, 'unique') };
    }
    return undefined;
  });
