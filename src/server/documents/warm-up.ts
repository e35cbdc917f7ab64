import { createPdf } from './document.ts';
import { FONT } from './fonts.ts';
import { drawTable } from './table.ts';

// A worker's first document paid for reading the fonts and compiling pdfkit's layout paths: 2.4 s
// for a 2,000-line bill against 0.9 s after (bench/billing.ts). A started worker lays out one small
// table in every face and throws it away, so the first person to ask gets a warm worker.

const LETTERHEAD = { firmName: 'Casebook', licenceNumber: '', address: '', phone: '', email: '', website: '', logo: null };

export async function warmUp(): Promise<void> {
  const { doc, finish } = createPdf({ title: 'Warm-up', margins: { top: 72, bottom: 72, left: 40, right: 40 }, letterhead: LETTERHEAD });
  for (const font of Object.values(FONT)) doc.font(font).text('Warm-up ÀÉÎõü €—“”');
  const columns = ['Date', 'Description', 'Amount'].map((header, i) => ({ header, width: [80, 300, 80][i]!, align: i === 2 ? 'right' as const : 'left' as const }));
  drawTable(doc, { columns, rows: Array.from({ length: 200 }, (_, i) => ['05/04/2026', `Line ${i} of a table laid out to warm up`, '$1,234.50']) });
  await finish();
}
