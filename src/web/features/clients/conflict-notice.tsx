import { Alert } from '@mantine/core';
import { CONFLICT_MESSAGES } from '../../../core/cases/conflict-status.ts';
import { useCaseConflicts } from './conflicts-api.ts';

/** The 'Conflict check not cleared' notice at the top of the case page. */
export function ConflictNotice({ caseId }: { caseId: string }) {
  const state = useCaseConflicts(caseId);
  const status = state.data?.status;
  if (status !== 'not_cleared' && status !== 'declined') return null;
  return (
    <Alert color={status === 'declined' ? 'red' : 'orange'} title={CONFLICT_MESSAGES.notCleared}>
      {status === 'declined' ? 'The latest conflict check was declined.' : 'Record a decision on the conflict check below.'} Its bills cannot be issued until it is cleared.
    </Alert>
  );
}
