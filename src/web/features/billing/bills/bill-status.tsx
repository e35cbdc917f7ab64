import { Badge } from '@mantine/core';
import { SHOWN_STATUS_LABELS, shownStatus, type BillStatus, type ShownBillStatus } from '../../../../core/billing/billing.ts';

const COLORS: Record<ShownBillStatus, string> = {
  draft: 'gray', issued: 'blue', partially_paid: 'yellow', paid: 'green', void: 'red', overdue: 'orange',
};

/** The bill's status, or Overdue once the server says it is past due on the firm's today (issue 38). */
export const BillStatusBadge = ({ status, overdue = false }: { status: BillStatus; overdue?: boolean }) => {
  const shown = shownStatus({ status, overdue });
  return <Badge color={COLORS[shown]} variant="light">{SHOWN_STATUS_LABELS[shown]}</Badge>;
};
