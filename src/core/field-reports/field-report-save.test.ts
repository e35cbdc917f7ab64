import { describe, expect, it } from 'vitest';
import { ZFieldReportContent, type TFieldReportFields } from '../api/field-reports.ts';
import { checkReportSave } from './field-report-save.ts';
import { withValueAt } from './field-paths.ts';

const today = new Date(2026, 10, 26);
const stored: TFieldReportFields = {
  projectId: '6a1f3c0e-52f4-4d5c-9b1e-0c7f0f4f2a11', reportType: 'Initial Inspection', reportNumber: '001', date: '2026-11-26',
  inspectorId: null,
  content: ZFieldReportContent.parse({ damageSummary: 'Charred cabinets', habitability: { notes: 'No power' }, presentParties: [{ name: 'Ann' }] }),
};
const sending = (changes: Record<string, unknown>) =>
  Object.entries(changes).reduce((fields, [path, value]) => withValueAt(fields, path, value), stored);

describe('checkReportSave', () => {
  it('takes a valid save whole', () => {
    const sent = sending({ '/content/damageSummary': 'Smoke on ceilings', '/reportNumber': ' 002 ' });
    const { fields, refused } = checkReportSave(sent, stored, today);
    expect(refused).toEqual([]);
    expect(fields).toEqual({ ...sent, reportNumber: '002' });
  });

  it('refuses only the field over its limit, keeping its stored value, and takes the others', () => {
    const sent = sending({
      '/content/damageSummary': 'd'.repeat(10_001), '/content/habitability/notes': 'Power back on', '/content/notes': 'n'.repeat(50_000),
    });
    const { fields, refused } = checkReportSave(sent, stored, today);
    expect(refused).toEqual([{
      path: '/content/damageSummary', label: 'Damage summary',
      message: 'Damage summary has 10,001 characters; the limit is 10,000. Shorten it to save it.',
    }]);
    expect(fields.content.damageSummary).toBe('Charred cabinets');
    expect(fields.content.habitability.notes).toBe('Power back on');
    expect(fields.content.notes).toHaveLength(50_000);
  });

  it.each([
    ['/content/habitability/notes', 'h'.repeat(5001), 'No power', 'Habitability notes has 5,001 characters; the limit is 5,000. Shorten it to save it.'],
    ['/content/presentParties/0/name', 'a'.repeat(201), 'Ann', 'Party 1 name has 201 characters; the limit is 200. Shorten it to save it.'],
    ['/reportNumber', '12/3', '001', 'Use letters, digits, dots and dashes only'],
    ['/reportNumber', '   ', '001', 'Report number is required'],
    ['/date', '2040-01-01', '2026-11-26', 'Date seems incorrect (>10 years from today)'],
    ['/date', '2026-02-30', '2026-11-26', 'Invalid date format'],
    ['/content/timeline/returnOn', '2040-01-01', '', 'Date seems incorrect (>10 years from today)'],
  ])('refuses %s = %s and keeps %s', (path, value, kept, message) => {
    const { fields, refused } = checkReportSave(sending({ [path]: value, '/content/causeOfLoss': 'Burst pipe' }), stored, today);
    expect(refused.map((r) => [r.path, r.message])).toEqual([[path, message]]);
    expect(JSON.stringify(fields)).toContain(JSON.stringify(kept));
    expect(fields.content.causeOfLoss).toBe('Burst pipe');
  });

  it('a new party with a refused name is added without it', () => {
    const sent = sending({ '/content/presentParties': [{ name: 'Ann', role: '', company: '' }, { name: 'b'.repeat(300), role: 'Adjuster', company: '' }] });
    const { fields, refused } = checkReportSave(sent, stored, today);
    expect(refused.map((r) => r.label)).toEqual(['Party 2 name']);
    expect(fields.content.presentParties).toEqual([{ name: 'Ann', role: '', company: '' }, { name: '', role: 'Adjuster', company: '' }]);
  });

  it('never refuses a field sent as it is stored (an old report outside the date window still saves)', () => {
    const old = { ...stored, date: '2012-05-01' };
    const { refused, fields } = checkReportSave({ ...old, content: { ...old.content, notes: 'Added later' } }, old, today);
    expect(refused).toEqual([]);
    expect(fields.content.notes).toBe('Added later');
  });

  it('names every refused field at once, in the order of the form', () => {
    const sent = sending({ '/content/damageSummary': 'd'.repeat(10_001), '/content/habitability/notes': 'h'.repeat(5001), '/date': '' });
    expect(checkReportSave(sent, stored, today).refused.map((r) => r.label)).toEqual(['Date', 'Damage summary', 'Habitability notes']);
  });
});
