import { describe, expect, it } from 'vitest';
import { costOf, formatCurrency, formatHours, roundToCents } from './money.ts';

describe('formatCurrency', () => {
  it.each([
    [0, '$0.00'],
    [-0, '$0.00'],
    [5, '$5.00'],
    [12.5, '$12.50'],
    [1234.567, '$1,234.57'],
    [1234567.8, '$1,234,567.80'],
    [-42.1, '-$42.10'],
    [-0.001, '$0.00'],
    [null, '$-.--'],
    [undefined, '$-.--'],
    [Number.NaN, '$-.--'],
    [Number.POSITIVE_INFINITY, '$-.--'],
  ])('%s → %s', (amount, expected) => {
    expect(formatCurrency(amount)).toBe(expected);
  });
});

describe('formatHours', () => {
  it.each([
    [0, '0.0'],
    [1, '1.0'],
    [2.25, '2.3'],
    [0.1 + 0.2, '0.3'],
    [12.04, '12.0'],
    [1234.5, '1234.5'],
    [Number.NaN, '0.0'],
  ])('%s → %s', (hours, expected) => {
    expect(formatHours(hours)).toBe(expected);
  });
});

describe('roundToCents', () => {
  it.each([
    [1.005, 1.01],
    [49.995, 50],
    [0.1 + 0.2, 0.3],
    [10, 10],
  ])('%s → %s', (amount, expected) => {
    expect(roundToCents(amount)).toBe(expected);
  });
});

describe('costOf', () => {
  it.each([
    [2, 150, 300],
    [1.5, 33.33, 50],
    [0.1, 125.55, 12.56],
    [0.3, 95, 28.5],
    [0, 200, 0],
    [2, 0, 0],
    [2, null, null],
    [Number.NaN, 100, null],
  ])('%s h × %s → %s', (hours, rate, expected) => {
    expect(costOf(hours, rate)).toBe(expected);
  });
});
