import { describe, expect, it } from 'vitest';
import { describeFeeRule, feeRulesProblem, guessEventKind, priceLines, rateInForce, toCents, type FeeRule, type PricingLine } from './fee-rules.ts';

const RULES: FeeRule[] = [
  { type: 'minimum', kind: 'deposition', hours: 2 },
  { type: 'flat', kind: 'trial', halfDayUpToHours: 4, halfDayFee: '2000.00', fullDayFee: '3500.00' },
  { type: 'percent', kind: 'travel', percent: 50 },
  { type: 'cancellation', kind: 'deposition', tiers: [{ noticeUnderHours: 72, hours: 1 }, { noticeUnderHours: 48, hours: 2 }] },
];

const line = (over: Partial<PricingLine>): PricingLine =>
  ({ id: 'a', userId: 'u', date: '2026-06-10', kind: null, hours: 1, rate: 500, ...over });

describe('priceLines: one line', () => {
  it.each<[string, Partial<PricingLine>, number, number, string | null]>([
    ['a 0.75 h deposition bills the 2 h minimum', { kind: 'deposition', hours: 0.75, rate: 600 }, 2, 1200, 'Deposition minimum 2.0 h'],
    ['a 3 h deposition is above the minimum', { kind: 'deposition', hours: 3, rate: 600 }, 3, 1800, null],
    ['exactly the minimum', { kind: 'deposition', hours: 2, rate: 600 }, 2, 1200, null],
    ['3 h travel at 50 % of $500', { kind: 'travel', hours: 3, rate: 500 }, 3, 750, 'Travel at 50 %'],
    ['a 5.5 h trial day bills the full-day fee', { kind: 'trial', hours: 5.5 }, 5.5, 3500, 'Trial full day (flat fee)'],
    ['a 4 h trial day bills the half-day fee', { kind: 'trial', hours: 4 }, 4, 2000, 'Trial half day (flat fee)'],
    ['a 2.5 h trial day bills the half-day fee', { kind: 'trial', hours: 2.5 }, 2.5, 2000, 'Trial half day (flat fee)'],
    ['a cancellation 30 h ahead bills 2 h', { kind: 'deposition', hours: 0, rate: 600, noticeHours: 30 }, 2, 1200,
      'Deposition cancelled with 30 h notice: 2.0 h'],
    ['a cancellation 60 h ahead bills 1 h', { kind: 'deposition', hours: 0, rate: 600, noticeHours: 60 }, 1, 600,
      'Deposition cancelled with 60 h notice: 1.0 h'],
    ['a cancellation 48 h ahead is no longer under 48', { kind: 'deposition', hours: 0, rate: 600, noticeHours: 48 }, 1, 600,
      'Deposition cancelled with 48 h notice: 1.0 h'],
    ['a cancellation 80 h ahead bills nothing', { kind: 'deposition', hours: 0, rate: 600, noticeHours: 80 }, 0, 0,
      'Deposition cancelled with 80 h notice: no fee'],
    ['a hearing has no rule', { kind: 'hearing', hours: 1.5, rate: 400 }, 1.5, 600, null],
    ['ordinary work', { hours: 1.25, rate: 145 }, 1.25, 181.25, null],
    ['no rate bills nothing', { kind: 'deposition', hours: 0.5, rate: null }, 2, 0, 'Deposition minimum 2.0 h'],
    ['cents: 1.5 × 33.33', { hours: 1.5, rate: 33.33 }, 1.5, 50, null],
  ])('%s', (_name, over, billedHours, amount, rule) => {
    expect(priceLines([line(over)], RULES).get('a')).toEqual({ billedHours, amount, rule });
  });
});

describe('priceLines: a day counts together', () => {
  it('two deposition lines of one day: the last takes the missing hours', () => {
    const priced = priceLines([
      line({ id: 'a', kind: 'deposition', hours: 0.5, rate: 600 }),
      line({ id: 'b', kind: 'deposition', hours: 0.25, rate: 600 }),
    ], RULES);
    expect(priced.get('a')).toEqual({ billedHours: 0.5, amount: 300, rule: null });
    expect(priced.get('b')).toEqual({ billedHours: 1.5, amount: 900, rule: 'Deposition minimum 2.0 h' });
  });

  it('a trial day of two lines (3 h + 2.5 h) bills the full-day fee once', () => {
    const priced = priceLines([line({ id: 'a', kind: 'trial', hours: 3 }), line({ id: 'b', kind: 'trial', hours: 2.5 })], RULES);
    expect(priced.get('a')).toEqual({ billedHours: 3, amount: 3500, rule: 'Trial full day (flat fee)' });
    expect(priced.get('b')).toEqual({ billedHours: 2.5, amount: 0, rule: 'Included in the trial full day (flat fee)' });
  });

  it('other days and other people are their own days', () => {
    const priced = priceLines([
      line({ id: 'a', kind: 'deposition', hours: 1, rate: 600 }),
      line({ id: 'b', kind: 'deposition', hours: 1, rate: 600, date: '2026-06-11' }),
      line({ id: 'c', kind: 'deposition', hours: 1, rate: 600, userId: 'v' }),
    ], RULES);
    expect([...priced.values()].map((p) => p.amount)).toEqual([1200, 1200, 1200]);
  });

  it('without rules every line bills hours × rate', () => {
    const priced = priceLines([line({ kind: 'deposition', hours: 0.75, rate: 600 })], []);
    expect(priced.get('a')).toEqual({ billedHours: 0.75, amount: 450, rule: null });
  });

  it('a minimum and a percentage of one kind both apply', () => {
    const priced = priceLines([line({ kind: 'travel', hours: 0.5, rate: 500 })],
      [{ type: 'minimum', kind: 'travel', hours: 1 }, { type: 'percent', kind: 'travel', percent: 50 }]);
    expect(priced.get('a')).toEqual({ billedHours: 1, amount: 250, rule: 'Travel minimum 1.0 h; Travel at 50 %' });
  });
});

describe('rateInForce', () => {
  const changes = [{ effectiveOn: '2026-07-01', rate: 650 }, { effectiveOn: '2026-09-01', rate: 700 }];
  it.each([
    ['2026-06-30', 500], ['2026-07-01', 650], ['2026-08-31', 650], ['2026-09-01', 700], ['2027-01-01', 700],
  ])('%s → %s', (date, rate) => expect(rateInForce(500, changes, date)).toBe(rate));
  it('no change: the base rate', () => expect(rateInForce(null, [], '2026-06-30')).toBeNull());
});

describe('helpers', () => {
  it.each([
    ['Deposition testimony', 'deposition'], ['Trial', 'trial'], ['Travel time', 'travel'], ['Senior Consultant', null],
    ['Hearing', 'hearing'], ['Arbitration', 'arbitration'], ['Deposition Preparation', null], ['Trial review', null],
  ])('guessEventKind(%s) = %s', (name, kind) => expect(guessEventKind(name)).toBe(kind));

  it.each([['1500.00', 150000], ['0.1', 10], [33.33, 3333], ['0', 0]])('toCents(%s) = %s', (v, c) => expect(toCents(v)).toBe(c));

  it.each(RULES.map((r, i) => [r, [
    'Deposition: at least 2.0 h',
    'Trial: half day (up to 4.0 h) $2,000.00, full day $3,500.00',
    'Travel: at 50 % of the rate',
    'Deposition cancelled: notice under 48 h bills 2.0 h; notice under 72 h bills 1.0 h; later notice bills nothing',
  ][i]] as const))('describeFeeRule %#', (rule, text) => expect(describeFeeRule(rule)).toBe(text));

  it('feeRulesProblem', () => {
    expect(feeRulesProblem(RULES)).toBeNull();
    expect(feeRulesProblem([...RULES, { type: 'minimum', kind: 'deposition', hours: 3 }])).toBe('Deposition has two minimum rules.');
    expect(feeRulesProblem([{ type: 'flat', kind: 'trial', halfDayUpToHours: 4, halfDayFee: '3000', fullDayFee: '2000' }]))
      .toBe('The full-day fee is less than the half-day fee.');
  });
});
