import { describe, expect, it } from 'vitest';
import { fieldTooLongMessage, tooLongProblem, tooLongProblems } from './limits.ts';

describe('tooLongProblem', () => {
  it.each([
    ['', 5, null],
    ['abcde', 5, null],
    ['  abcde  ', 5, null],
    ['abcdef', 5, 'Must be 5 characters or fewer (now 6)'],
    ['x'.repeat(20_001), 20_000, 'Must be 20,000 characters or fewer (now 20,001)'],
  ])('%j with at most %i', (text, max, expected) => {
    expect(tooLongProblem(text, max)).toBe(expected);
  });
});

describe('tooLongProblems', () => {
  it('names each field over its limit and nothing else', () => {
    const values = { name: 'x'.repeat(201), phone: '123', address: null, flag: true };
    expect(tooLongProblems(values, { name: 200, phone: 2, address: 10 })).toEqual({
      name: fieldTooLongMessage(200, 201),
      phone: fieldTooLongMessage(2, 3),
    });
  });
});
