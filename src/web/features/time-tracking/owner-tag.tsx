import { VisuallyHidden } from '@mantine/core';
import { RowIcon } from '../../ui/row-icon.tsx';

/** Shown on another person's row that the signed-in limited user may not change: who entered it, and why (issue 28). */
export function OwnerTag({ message }: { message: string }) {
  return (
    <span className="tt-bill-tag" data-owner-lock title={message}>
      <RowIcon name="lock" /> Read-only<VisuallyHidden>: {message}</VisuallyHidden>
    </span>
  );
}
