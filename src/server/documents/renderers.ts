import { renderActionItemsReport } from './action-items-report.ts';
import { renderAgingByClient } from './aging-by-client.ts';
import { renderBill } from './bill.ts';
import { renderCustodyReport } from './custody-report.ts';
import { renderEvidenceLabels } from './evidence-labels.ts';
import { renderEngagementLetter } from './engagement-letter.ts';
import { renderFeeHistory } from './fee-history.ts';
import { renderFieldReport } from './field-report.ts';
import { renderRule26, renderRule26Docx } from './rule26.ts';
import { renderStatement } from './statement.ts';

/**
 * Every PDF the app makes, by name. Only the document worker (worker-task.ts) loads them; the
 * request thread names one and hands it plain data (docs/decisions/065).
 */
export const PDF_RENDERERS = {
  fieldReport: renderFieldReport,
  actionItemsReport: renderActionItemsReport,
  bill: renderBill,
  statement: renderStatement,
  agingByClient: renderAgingByClient,
  engagementLetter: renderEngagementLetter,
  custodyReport: renderCustodyReport,
  evidenceLabels: (data: Parameters<typeof renderEvidenceLabels>[0]) => renderEvidenceLabels(data),
  rule26: renderRule26,
  // A Word file, not a PDF: laid out on the same workers all the same (issue 40).
  rule26Docx: renderRule26Docx,
  feeHistory: renderFeeHistory,
};

export type PdfKind = keyof typeof PDF_RENDERERS;
export type PdfData<K extends PdfKind> = Parameters<(typeof PDF_RENDERERS)[K]>[0];
