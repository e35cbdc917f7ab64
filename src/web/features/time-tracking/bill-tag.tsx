import { IconLock } from '@tabler/icons-react';
import { formatBillNumber, lockedEntryMessage } from '../../../core/billing.ts';

/** Shown on a row that is on an issued bill: which bill, and why it cannot change. */
export function BillTag({ billNumber }: { billNumber: number }) {
  return (
    <span className="tt-bill-tag" title={lockedEntryMessage(billNumber)}>
      <IconLock size={12} aria-hidden /> Bill {formatBillNumber(billNumber)}
    </span>
  );
}
