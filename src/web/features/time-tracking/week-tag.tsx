import { VisuallyHidden } from '@mantine/core';
import { WEEK_STATUS_LABELS, type WeekStatus } from '../../../core/time/weeks.ts';
import { RowIcon } from '../../ui/row-icon.tsx';

/** Shown on a row of a submitted, approved or rejected week: its status, and why it cannot change. */
export function WeekTag({ week }: { week: { status: WeekStatus; lockMessage: string | null } }) {
  return (
    <span className="tt-bill-tag" data-week-status={week.status} title={week.lockMessage ?? undefined}>
      {week.lockMessage && <RowIcon name="lock" />}<VisuallyHidden>Week</VisuallyHidden> {WEEK_STATUS_LABELS[week.status]}
    </span>
  );
}
