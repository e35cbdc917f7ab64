import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ZFieldReportContent } from '../../core/api/field-reports.ts';
import { pdfPages, savePdf } from '../../../test/helpers/pdf-tools.ts';
import { renderActionItemsReport } from './action-items-report.ts';
import { renderFieldReport } from './field-report.ts';
import type { Letterhead } from './letterhead.ts';

// Names and words outside Latin-1 that the 14 standard PDF fonts printed blank.
const NAMES = ['Zoë Łukasiewicz', 'Đorđe Šćepanović', 'Øster Ærø', 'Αθηνά Παπαδοπούλου', 'Анна Кузнецова'];
const PUNCTUATION = '“Kitchen” – ceiling’s €1,200 estimate';

const letterhead: Letterhead = {
  firmName: 'Łukasiewicz & Đorđević Engineering', licenceNumber: 'PE-Ø-42', address: '12 Straße', phone: '', email: '', website: '', logo: null,
};

const fonts = (pdf: Buffer, name: string) => {
  savePdf(name, pdf);
  return execFileSync('pdffonts', [`test-results/pdfs/${name}`], { encoding: 'utf8' });
};

// Renders with embedded fonts and reads back with poppler: seconds on a busy machine, a ceiling that catches a hang.
describe('PDF text outside Latin-1', { timeout: 60_000 }, () => {
  it('prints accented, Greek and Cyrillic names, curly quotes, dashes and € in the action-items report', async () => {
    const pdf = await renderActionItemsReport({
      scope: `Project P-1 - ${PUNCTUATION}`, filterLine: 'Status: All', generatedOn: '03/02/2026',
      items: NAMES.map((name, i) => ({
        status: 'open', archived: false, assignee: `u${i}`, assigneeName: name, attorneyName: name, clientName: name,
        shortDescription: `${PUNCTUATION} ${i}`, dueDate: '2026-03-02', dateCompleted: null,
      })),
    }, letterhead);
    const list = fonts(pdf, 'unicode-action-items.pdf');
    const text = pdfPages(pdf).join('\n');
    // Narrow columns wrap names: each word is checked.
    for (const word of NAMES.join(' ').split(' ')) expect(text).toContain(word);
    expect(text).toContain(PUNCTUATION);
    expect(text).toContain('Łukasiewicz & Đorđević Engineering');
    expect(text).toContain('License No. PE-Ø-42');
    // One embedded, subset typeface; no standard font that cannot show these letters.
    expect(list).toMatch(/NotoSans-Regular/);
    expect(list).not.toMatch(/Helvetica/);
    expect(list.split('\n').slice(2).filter(Boolean).every((line) => /\byes\s+yes\b/.test(line))).toBe(true);
  });

  it('prints them in the field report', async () => {
    const content = ZFieldReportContent.parse({
      projectName: 'Øster Ærø - Flood', buildingOwner: NAMES[0], damageSummary: PUNCTUATION, notes: NAMES.join('; '),
      presentParties: [{ name: NAMES[3], role: 'Adjuster', company: NAMES[4] }],
    });
    const pdf = await renderFieldReport({
      reportType: 'Initial Inspection', displayNumber: '001', date: '2026-03-02', inspectorName: NAMES[1]!,
      content, diagrams: [], readings: [], photos: [], certification: null,
    }, letterhead);
    fonts(pdf, 'unicode-field-report.pdf');
    const text = pdfPages(pdf).join('\n').replace(/\s+/g, ' ');
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).toContain(PUNCTUATION);
  });
});
