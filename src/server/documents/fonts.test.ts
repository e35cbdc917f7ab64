import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPdf } from './document.ts';

const LETTERHEAD = { firmName: 'Casebook', licenceNumber: '', address: '', phone: '', email: '', website: '', logo: null };
const dir = mkdtempSync(path.join(tmpdir(), 'casebook-fonts-'));

async function textOf(name: string, body: string): Promise<string> {
  const { doc, finish } = createPdf({ title: name, margins: { top: 72, bottom: 72, left: 40, right: 40 }, letterhead: LETTERHEAD });
  doc.text(body);
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, await finish());
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe('the embedded fonts', () => {
  it('print every letter of a document made after one with accented capitals', { timeout: 30_000 }, async () => {
    expect(await textOf('accents', 'Émile Àlvarez, Île-de-France, Ōta')).toContain('Émile Àlvarez, Île-de-France, Ōta');
    expect(await textOf('after', 'Engineering Action Items, Salem MA, PE-0042317')).toContain('Engineering Action Items, Salem MA, PE-0042317');
  });
});
