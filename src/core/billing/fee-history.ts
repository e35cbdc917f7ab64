import type { TFeeHistory } from '../api/testimony.ts';
import { formatBillNumber } from './billing.ts';
import { formatCurrency } from '../money.ts';
import { formatUsDate } from '../smart-date.ts';

// The words of the deposition fee history (CCP §2034.470, issue 40), shared by the screen and the PDF.

export const feeHistoryTitle = (expertName: string) => `Deposition fee history of ${expertName}`;

export const FEE_HISTORY_COLUMNS = ['Bill', 'Issued', 'Deposition', 'Caption', 'Billed to', 'Charged', 'Paid', 'Status'] as const;

const times = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;

export function feeHistorySummary(h: Pick<TFeeHistory, 'ever' | 'lastTwoYears' | 'since' | 'today'>): string[] {
  return [
    `Ever: charged ${times(h.ever.charged)} (${formatCurrency(h.ever.chargedAmount)}), paid ${times(h.ever.paid)} (${formatCurrency(h.ever.paidAmount)}).`,
    `Last two years (${formatUsDate(h.since)} – ${formatUsDate(h.today)}): charged ${times(h.lastTwoYears.charged)} `
      + `(${formatCurrency(h.lastTwoYears.chargedAmount)}), paid ${times(h.lastTwoYears.paid)} (${formatCurrency(h.lastTwoYears.paidAmount)}).`,
  ];
}

export const feeHistoryCells = (b: TFeeHistory['bills'][number]): string[] => [
  formatBillNumber(b.billNumber), formatUsDate(b.issuedOn), formatUsDate(b.eventDate), b.caption, b.payerName,
  formatCurrency(b.total), formatCurrency(b.paidTotal), b.status.replace('_', ' '),
];
