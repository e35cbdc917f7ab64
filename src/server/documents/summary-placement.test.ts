import { describe, expect, it } from 'vitest';
import { SUMMARY_MIN_SPACE, type ReportItem } from '../../core/action-items-report.ts';
import { pdfWords } from '../../../test/helpers/pdf-tools.ts';
import { renderActionItemsReport } from './action-items-report.ts';
import type { Letterhead } from './letterhead.ts';

const letterhead: Letterhead = { firmName: 'Hale & Ortiz Engineering', licenceNumber: '', address: '', phone: '', email: '', website: '', logo: null };
const item = (i: number): ReportItem => ({
  status: 'open', archived: false, assignee: 'u', assigneeName: 'Ann Lee', attorneyName: '', clientName: 'Acme',
  shortDescription: `Row${i}`, dueDate: '2026-03-02', dateCompleted: null,
});
const BOTTOM = 792 - 100;

describe('action-items summary (SPEC §9)', () => {
  // 41 reports rendered and read back with poppler: seconds, more on a busy machine.
  it('is never dropped: under the table when 150 pt remain, else alone on a new page', { timeout: 60_000 }, async () => {
    let alone = 0;
    let under = 0;
    for (let n = 20; n <= 60; n++) {
      const words = pdfWords(await renderActionItemsReport({ scope: 'All projects', filterLine: '', generatedOn: '', items: Array.from({ length: n }, (_, i) => item(i)) }, letterhead));
      const last = Math.max(...words.map((w) => w.page));
      const summary = words.find((w) => w.text === 'Summary')!;
      expect(summary.page, `${n} items`).toBe(last);
      const total = words.findIndex((w) => w.text === 'Total:');
      expect([words[total]!.page, words[total + 1]!.text], `${n} items`).toEqual([last, `${n}`]);
      const rowsOnLast = words.filter((w) => w.page === last && w.text.startsWith('Row'));
      if (rowsOnLast.length === 0) {
        alone++;
        // It went to a new page only because the table left less than 150 pt on the one before.
        const lastRow = Math.max(...words.filter((w) => w.page === last - 1 && w.text.startsWith('Row')).map((w) => w.yMax));
        expect(BOTTOM - lastRow, `${n} items`).toBeLessThan(SUMMARY_MIN_SPACE + 30);
      } else {
        under++;
        expect(BOTTOM - summary.yMin, `${n} items`).toBeGreaterThanOrEqual(SUMMARY_MIN_SPACE - 5);
      }
    }
    expect(alone).toBeGreaterThan(0);
    expect(under).toBeGreaterThan(0);
  });
});
