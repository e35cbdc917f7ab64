import {
  ACTION_ITEMS_MARGINS, REPORT_COLUMNS, reportRow, reportSummary, summaryNeedsNewPage, type ReportItem,
} from '../../core/action-items-report.ts';
import { createPdf, spaceLeft } from './document.ts';
import type { Letterhead } from './letterhead.ts';
import { drawTable } from './table.ts';
import { FONT } from './fonts.ts';

export interface ActionItemsReportData {
  /** 'Project P-1 - Kitchen fire · Client Acme LLC', or 'All projects'. */
  scope: string;
  filterLine: string;
  generatedOn: string;
  items: readonly ReportItem[];
}

// 532 pt between the 40 pt margins, in REPORT_COLUMNS order.
const WIDTHS = [70, 76, 68, 138, 54, 52, 74];

/** SPEC §9 action items report: US letter portrait, margins 72/100/40/40, the table, then the summary. */
export function renderActionItemsReport(data: ActionItemsReportData, letterhead: Letterhead): Promise<Buffer> {
  const { doc, finish } = createPdf({ title: 'Action Items Report', margins: ACTION_ITEMS_MARGINS, letterhead });
  const left = ACTION_ITEMS_MARGINS.left;
  doc.font(FONT.bold).fontSize(15).fillColor('#111827').text('Action Items Report', left, ACTION_ITEMS_MARGINS.top);
  doc.font(FONT.regular).fontSize(9).fillColor('#374151');
  doc.text(data.scope);
  doc.text(data.filterLine);
  doc.text(`Generated ${data.generatedOn}`);
  doc.moveDown(0.8);

  if (data.items.length === 0) {
    doc.font(FONT.italic).fontSize(10).text('No action items match these filters.');
  } else {
    drawTable(doc, {
      columns: REPORT_COLUMNS.map((header, i) => ({ header, width: WIDTHS[i]! })),
      rows: data.items.map(reportRow),
    });
  }

  // Never dropped: on the last page when 150 pt remain, else on a page of its own.
  doc.moveDown(1);
  if (summaryNeedsNewPage(spaceLeft(doc))) doc.addPage();
  const summary = reportSummary(data.items);
  doc.font(FONT.bold).fontSize(11).fillColor('#111827').text('Summary', left, doc.y);
  doc.moveDown(0.3);
  doc.font(FONT.regular).fontSize(10);
  for (const [label, value] of [
    ['Total', summary.total], ['Open', summary.open], ['Completed', summary.completed], ['Closed', summary.closed],
  ] as const) {
    doc.text(`${label}: ${value}`);
  }
  return finish();
}
