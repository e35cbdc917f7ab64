import { describe, expect, it } from 'vitest';
import { retainerRows, retainerSection, type StatementRetainerEntry } from './statement-retainer.ts';

const e = (date: string, kind: StatementRetainerEntry['kind'], amount: number, over: Partial<StatementRetainerEntry> = {}): StatementRetainerEntry =>
  ({ date, kind, amount, fileNumber: '25-0183', method: '', reference: '', note: '', ...over });

describe('the retainer on a statement (issue 38)', () => {
  it.each([
    ['nothing held', [], 0, [], 0],
    ['a deposit before the period is the opening', [e('2026-04-10', 'deposit', 2000)], 2000, [], 2000],
    ['deposits, applications, a reversal and a refund in the period, with what is held after each', [
      e('2026-04-10', 'deposit', 2000), e('2026-05-03', 'application', 500), e('2026-05-02', 'deposit', 1000, { method: 'Check', reference: '1042' }),
      e('2026-05-20', 'reversal', 500), e('2026-05-25', 'refund', 250.5, { note: 'Case closed' }),
    ], 2000, [
      ['2026-05-02', 'Deposit, Check 1042', 1000, 0, 3000],
      ['2026-05-03', 'Applied to a bill', 0, 500, 2500],
      ['2026-05-20', 'Application reversed', 500, 0, 3000],
      ['2026-05-25', 'Refund (Case closed)', 0, 250.5, 2749.5],
    ], 2749.5],
    ['what happens after the period is left out', [e('2026-05-10', 'deposit', 100), e('2026-06-02', 'application', 100)], 0,
      [['2026-05-10', 'Deposit', 100, 0, 100]], 100],
  ] as const)('%s', (_, entries, opening, lines, closing) => {
    const s = retainerSection(entries, '2026-05-01', '2026-05-31');
    expect(s.opening).toBe(opening);
    expect(s.lines.map((l) => [l.date, l.description, l.deposit, l.withdrawal, l.balance])).toEqual(lines);
    expect(s.closing).toBe(closing);
    expect(s.lines.every((l) => l.reference === 'Case 25-0183')).toBe(true);
  });

  it('prints as rows: the opening, each line, the closing', () => {
    const retainer = retainerSection([e('2026-05-02', 'deposit', 1000)], '2026-05-01', '2026-05-31');
    expect(retainerRows({ from: '2026-05-01', to: '2026-05-31', retainer })).toEqual([
      ['05/01/2026', '', 'Retainer held at the start', '', '', '$0.00'],
      ['05/02/2026', 'Case 25-0183', 'Deposit', '$1,000.00', '', '$1,000.00'],
      ['05/31/2026', '', 'Retainer held at the end', '', '', '$1,000.00'],
    ]);
  });
});
