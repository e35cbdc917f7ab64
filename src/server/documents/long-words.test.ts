import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { TBillDetail } from '../../core/api/accounting.ts';
import { ZFieldReportContent } from '../../core/api/field-reports.ts';
import { savePdf } from '../../../test/helpers/pdf-tools.ts';
import { renderActionItemsReport } from './action-items-report.ts';
import { renderBill } from './bill.ts';
import { renderFieldReport } from './field-report.ts';
import type { Letterhead } from './letterhead.ts';

// Issue 22: a word longer than a line, in any text of any document, is laid out in pieces before
// pdfkit wraps it (long-words.ts, installed by createPdf). pdfkit's own glyph-by-glyph wrapping took
// ~20 s for one 20,000-character word in a wide paragraph, and far longer in a narrow table column.
// Limits below: ZFieldReportContent, ZFirmProfileBody, action items' 500, time entries' 5,000.

const word = (n: number, letters = 'abcdefghijklmnopqrstuvwxyz') => Array.from({ length: n }, (_, i) => letters[i % letters.length]).join('');
// Every text at the longest the API accepts, as one word.
const letterhead: Letterhead = {
  firmName: word(200, 'FIRM'), licenceNumber: word(100, '0123456789'), address: word(500, 'Elm'), phone: word(50, '5'),
  email: word(200, 'mail'), website: word(200, 'www'), logo: null,
};

/** Renders, and checks the time and that nothing but the text was printed. */
async function check(name: string, render: () => Promise<Buffer>) {
  const t0 = performance.now();
  const pdf = await render();
  const ms = performance.now() - t0;
  savePdf(name, pdf);
  // Megabytes of text: read without -layout, with room for it.
  const text = execFileSync('pdftotext', [path.resolve(import.meta.dirname, '../../../test-results/pdfs', name), '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  expect(text).not.toMatch(/[\u00ad\u200b\ufffd]/);
  return { ms, text };
}

describe('long words in every document', () => {
  it('lays out the field report, its tables, captions and letterhead in seconds', { timeout: 60_000 }, async () => {
    const party = { name: word(200), role: word(200), company: word(200) };
    const content = ZFieldReportContent.parse({
      projectName: word(500), projectNumber: word(200), buildingOwner: word(500), propertyAddress: word(1000),
      presentParties: Array.from({ length: 50 }, () => party), inspectionPurpose: word(10_000), causeOfLoss: word(10_000),
      areasInvolved: word(10_000), damageSummary: word(10_000), temporaryMeasures: { started: true, commence: word(500) },
      habitability: { isHabitable: false, notes: word(5_000) }, timeline: { estimated: word(500), returnOn: '', followUpWith: word(500) },
      notes: word(50_000),
    });
    const { ms, text } = await check('long-words-field-report.pdf', () => renderFieldReport({
      reportType: word(200), displayNumber: '001', date: '2026-03-02', inspectorName: word(200), content, diagrams: [], readings: [], photos: [], certification: null,
    }, letterhead));
    expect(ms).toBeLessThan(20_000);
    expect(text).toContain('FIELD NOTES');
  });

  it('lays out the action-items table with long words in every column', { timeout: 60_000 }, async () => {
    const items = Array.from({ length: 50 }, () => ({
      status: 'open' as const, archived: false, assignee: 'u', assigneeName: word(200), attorneyName: word(200), clientName: word(200),
      shortDescription: word(500), dueDate: '2026-03-02', dateCompleted: null,
    }));
    const { ms, text } = await check('long-words-action-items.pdf', () =>
      renderActionItemsReport({ scope: word(1_000), filterLine: word(500), generatedOn: '03/02/2026', items }, letterhead));
    expect(ms).toBeLessThan(20_000);
    expect(text).toContain('Total: 50');
  });

  it('lays out a bill with long descriptions, names and case', { timeout: 60_000 }, async () => {
    const line = { id: 'l', entryDate: '2026-05-04', projectNumber: word(200), staff: word(200), description: word(5_000) };
    const bill: TBillDetail = {
      id: 'b', number: 7, caseId: 'c', fileNumber: word(200), caseName: word(500), clientName: word(500), periodStart: '2026-05-01', periodEnd: '2026-05-31',
      status: 'issued', hours: 1.5, timeTotal: 375, expenseTotal: 10, total: 385, issuedOn: '2026-06-01', paidOn: null, version: 2, overdue: false,
      clientId: 'k', billToName: word(500), adjustmentTotal: 0, subtotal: 385, discountTotal: 0, paidTotal: 0, creditedTotal: 0, balance: 385,
      termsDays: 30, dueOn: '2026-07-01', billingAddress: word(500), terms: 'Net 30', note: word(2_000), discount: null, clientMatterId: word(100),
      payments: [], creditNotes: [], retainer: { applied: 0, remaining: 0 },
      lines: [
        ...Array.from({ length: 10 }, () => ({ ...line, kind: 'time' as const, type: word(200), hours: 0.15, rate: 250, amount: 37.5, originalAmount: 37.5, adjustmentReason: null })),
        ...Array.from({ length: 10 }, () => ({ ...line, kind: 'expense' as const, type: word(200), hours: null, rate: null, amount: 1, originalAmount: 1, adjustmentReason: null })),
      ],
    };
    const { ms, text } = await check('long-words-bill.pdf', () => renderBill({ bill, remittance: word(500) }, letterhead));
    expect(ms).toBeLessThan(20_000);
    expect(text).toContain('$385.00');
  });
});
