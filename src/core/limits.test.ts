import { describe, expect, it } from 'vitest';
import { amountProblem, findNul, hasAtMostTwoDecimals, hoursProblem, LIMIT_MESSAGES, textCounter, tooLongMessage } from './limits.ts';

describe('hasAtMostTwoDecimals', () => {
  it.each([
    [0, true], [1, true], [0.1, true], [0.25, true], [7.5, true], [0.1 + 0.2, true], [1234567.89, true],
    [0.125, false], [1.005, false], [0.001, false], [Number.NaN, false], [Infinity, false],
  ])('%s → %s', (value, expected) => expect(hasAtMostTwoDecimals(value)).toBe(expected));
});

describe('hoursProblem', () => {
  it.each([
    [0, null], [0.1, null], [7.25, null], [24, null],
    [24.01, LIMIT_MESSAGES.hoursOverDay], [25, LIMIT_MESSAGES.hoursOverDay],
    [1.125, LIMIT_MESSAGES.hoursDecimals], [25.125, LIMIT_MESSAGES.hoursDecimals],
  ])('%s hours → %s', (hours, expected) => expect(hoursProblem(hours)).toBe(expected));
});

describe('amountProblem', () => {
  it.each([
    [0, null], [12.5, null], [99.99, null], [10_000_000, null],
    [12.345, LIMIT_MESSAGES.amountDecimals], [0.001, LIMIT_MESSAGES.amountDecimals],
  ])('%s → %s', (amount, expected) => expect(amountProblem(amount)).toBe(expected));
});

describe('findNul', () => {
  it.each([
    ['plain', null, ''],
    ['a\u0000b', '/', ''],
    [{ a: 'x', b: ['y', 'z\u0000'] }, '/b/1', ''],
    [{ nested: { deep: '\u0000' } }, '/nested/deep', ''],
    [{ ['k\u0000']: 1 }, '/k\\u0000', ''],
    [{ n: 1, b: true, z: null }, null, ''],
    ['x\u0000', 'q', 'q'],
    [Object.assign(Object.create(null), { a: '\u0000' }), '/a', ''],
    // fast-querystring's result: a prototype with no constructor.
    [Object.assign(Object.create(Object.create(null)), { q: 'a\u0000b' }), '/q', ''],
  ] as const)('%j → %s', (value, expected, path) => expect(findNul(value, path)).toBe(expected));
});

describe('findNul on what is not JSON', () => {
  it('does not walk a stream, a buffer or a class instance (an upload body), even one that refers to itself', () => {
    class Stream { self: unknown = this; text = '\u0000'; }
    expect(findNul(new Stream())).toBeNull();
    expect(findNul(new Uint8Array([0, 1, 2]))).toBeNull();
    expect(findNul({ file: new Stream() })).toBeNull();
  });
});

describe('textCounter', () => {
  it.each([
    // length, max → shown, over, text
    [0, 10_000, false, false, '0 / 10,000'],
    [7_999, 10_000, false, false, '7,999 / 10,000'],
    [8_000, 10_000, true, false, '8,000 / 10,000'],
    [9_812, 10_000, true, false, '9,812 / 10,000'],
    [10_000, 10_000, true, false, '10,000 / 10,000'],
    [10_001, 10_000, true, true, '10,001 / 10,000'],
    [3_999, 5_000, false, false, '3,999 / 5,000'],
    [4_000, 5_000, true, false, '4,000 / 5,000'],
    [159, 200, false, false, '159 / 200'],
    [160, 200, true, false, '160 / 200'],
    [33, 40, true, false, '33 / 40'],
    [32, 40, true, false, '32 / 40'],
    [31, 40, false, false, '31 / 40'],
  ])('%i of %i: shown %s, over %s', (length, max, shown, over, text) => {
    expect(textCounter(length, max)).toMatchObject({ shown, over, text });
  });

  it('says what is left, or how far over the limit, for screen readers', () => {
    expect(textCounter(9_812, 10_000).description).toBe('188 of 10,000 characters left');
    expect(textCounter(10_000, 10_000).description).toBe('0 of 10,000 characters left');
    expect(textCounter(10_250, 10_000).description).toBe('250 characters over the limit of 10,000');
  });
});

describe('tooLongMessage', () => {
  it('names the field, its length and the limit', () => {
    expect(tooLongMessage('Damage summary', 10_250, 10_000))
      .toBe('Damage summary has 10,250 characters; the limit is 10,000. Shorten it to save it.');
  });
});
