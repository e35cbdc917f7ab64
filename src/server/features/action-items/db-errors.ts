import { STATUS_MESSAGE } from '../../../core/api/action-items.ts';
import { duplicateRecord, uniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors/app-error.ts';

// SPEC §8 "Action item database errors": the texts a user sees when the database refuses a write.
export const ACTION_ITEM_DB_MESSAGES = {
  status: STATUS_MESSAGE,
  assignee: 'Invalid assignee selected. Please select a valid team member.',
  duplicate: 'This action item already exists.',
  check: 'Invalid data provided. Please check all fields and try again.',
  project: 'The selected project was not found. Please select a project.',
} as const;

interface PgError {
  code?: unknown;
  constraint?: unknown;
}

/** Maps a database error of an action item write; anything else is returned unchanged. */
export function actionItemDbError(error: unknown, operation: 'create' | 'update'): unknown {
  const { code, constraint } = (error ?? {}) as PgError;
  if (code === '23514' || code === '23502') {
    if (constraint === 'action_items_status_check') return new AppError('VALIDATION_ERROR', ACTION_ITEM_DB_MESSAGES.status, undefined, code);
    return new AppError('VALIDATION_ERROR', ACTION_ITEM_DB_MESSAGES.check, undefined, code);
  }
  if (code === '23503') {
    if (constraint === 'action_items_assigned_to_fkey') {
      return new AppError('CONSTRAINT_VIOLATION', ACTION_ITEM_DB_MESSAGES.assignee, undefined, code);
    }
    if (constraint === 'action_items_project_id_fkey') {
      return new AppError('CONSTRAINT_VIOLATION', ACTION_ITEM_DB_MESSAGES.project, undefined, code);
    }
  }
  // The spec gives its own duplicate text for creation only; updates keep the catalogue's.
  if (uniqueViolation(error) !== null && operation === 'create') return duplicateRecord(ACTION_ITEM_DB_MESSAGES.duplicate);
  return error;
}
