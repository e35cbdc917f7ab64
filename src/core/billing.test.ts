import { describe, expect, it } from 'vitest';
import { ageBucket, billMoveProblem, formatBillNumber, lockedEntryMessage, nextStatus } from './billing.ts';

describe('billMoveProblem', () => {
  it.each([
    ['draft', 'issue', null],
    ['draft', 'void', null],
    ['draft', 'pay', 'Only an issued bill can be marked paid.'],
    ['issued', 'issue', 'This bill is already issued.'],
    ['issued', 'pay', null],
    ['issued', 'void', null],
    ['paid', 'pay', 'This bill is already paid.'],
    ['paid', 'issue', 'This bill is already paid.'],
    ['paid', 'void', 'A paid bill cannot be voided.'],
    ['void', 'issue', 'This bill is void and can no longer be changed.'],
    ['void', 'void', 'This bill is void and can no longer be changed.'],
  ] as const)('%s + %s', (status, action, problem) => {
    expect(billMoveProblem(status, action)).toBe(problem);
  });

  it('moves to the action status', () => {
    expect([nextStatus('issue'), nextStatus('pay'), nextStatus('void')]).toEqual(['issued', 'paid', 'void']);
  });
});

describe('ageBucket', () => {
  it.each([
    ['2026-11-23', '0-30'],
    ['2026-10-24', '0-30'],
    ['2026-10-23', '31-60'],
    ['2026-09-24', '31-60'],
    ['2026-09-23', '61-90'],
    ['2026-08-25', '61-90'],
    ['2026-08-24', '90+'],
    ['2026-11-30', '0-30'],
  ] as const)('issued %s → %s on 2026-11-23', (issued, bucket) => {
    expect(ageBucket(issued, '2026-11-23')).toBe(bucket);
  });
});

describe('bill numbers', () => {
  it.each([[1, '0001'], [42, '0042'], [12345, '12345']])('%s → %s', (n, s) => {
    expect(formatBillNumber(n)).toBe(s);
  });
  it('says which bill locks an entry', () => {
    expect(lockedEntryMessage(7)).toBe('This entry is on bill 0007 and can no longer be changed.');
  });
});
