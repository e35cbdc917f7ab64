import { Badge } from '@mantine/core';
import { BILL_STATUS_LABELS, type BillStatus } from '../../../core/billing.ts';

const COLORS: Record<BillStatus, string> = { draft: 'gray', issued: 'blue', partially_paid: 'yellow', paid: 'green', void: 'red' };

export const BillStatusBadge = ({ status }: { status: BillStatus }) =>
  <Badge color={COLORS[status]} variant="light">{BILL_STATUS_LABELS[status]}</Badge>;
