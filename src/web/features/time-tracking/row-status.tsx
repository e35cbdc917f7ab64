import { Loader } from '@mantine/core';
import type { RowProblem } from '../../../core/time/time-rows.ts';
import { RowIcon } from '../../ui/row-icon.tsx';
import type { RowStatus } from '../../shared/entries/index.ts';

/**
 * The per-row saving spinner, saved tick, or why the row is not saved (native title: cheap on 500 rows).
 * `problem`: why a waiting row cannot be saved yet (e.g. 0 hours after Apply Hours to Selected).
 */
export function RowStatusIcon({ status, saved, error, problem }: {
  status: RowStatus; saved: boolean; error?: string; problem?: RowProblem | null;
}) {
  let icon = null;
  let label = '';
  if (status === 'saving') {
    label = 'Saving';
    icon = <Loader size={14} />;
  } else if (status === 'clean' && saved) {
    label = 'Saved';
    icon = <RowIcon name="check" />;
  } else if (status === 'pending' && problem && !problem.missing) {
    label = problem.text;
    icon = <RowIcon name="alert-circle" />;
  } else if (status === 'pending') {
    label = problem ? `Not saved yet: ${problem.text}` : 'Not saved yet';
    icon = <RowIcon name="point" />;
  } else if (status === 'waiting') {
    // Kept in the outbox (issues 26, 44): sent, once, when the connection returns.
    label = 'Waiting to be sent';
    icon = <RowIcon name="cloud-off" />;
  } else if (status === 'error' || status === 'conflict') {
    label = status === 'conflict' ? 'Edit conflict' : `Not saved: ${error ?? ''}`;
    icon = <RowIcon name="alert-triangle" />;
  }
  if (!icon) return <span className="tt-status-slot" />;
  icon = <span className="tt-status-box">{icon}</span>;
  // A reason names a cell ('Hours must be…'): as a title only (still the accessible name of the
  // icon), so it does not become a second label of that cell.
  return problem && status === 'pending'
    ? <span className="tt-status-slot" role="img" title={label}>{icon}</span>
    : <span className="tt-status-slot" role="img" aria-label={label} title={label}>{icon}</span>;
}
