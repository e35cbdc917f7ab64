import { formatBillNumber, lockedEntryMessage } from '../../../core/billing/billing.ts';
import { RowIcon } from '../../ui/row-icon.tsx';

/** Shown on a row that is on an issued bill: which bill, and why it cannot change. */
export function BillTag({ billNumber }: { billNumber: number }) {
  return (
    <span className="tt-bill-tag" title={lockedEntryMessage(billNumber)}>
      <RowIcon name="lock" /> Bill {formatBillNumber(billNumber)}
    </span>
  );
}
