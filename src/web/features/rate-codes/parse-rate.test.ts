import { describe, expect, it } from 'vitest';
import { parseRate } from './parse-rate.ts';

describe('parseRate', () => {
  it.each([
    ['95.5', '95.50'],
    ['225', '225.00'],
    [' 80 ', '80.00'],
    ['$1,250.75', '1250.75'],
    ['$ 40', '40.00'],
    ['0', '0.00'],
    ['-1', null],
    ['1.234', null],
    ['abc', null],
    ['', null],
    ['123456789', null],
  ])('%j → %j', (input, expected) => {
    expect(parseRate(input)).toBe(expected);
  });
});
