import { describe, expect, it } from 'vitest';
import { firmSeries, takeFileNumber, takeProjectNumber } from './numbers.ts';

describe('firmSeries', () => {
  it.each<[string, string[], string[], { prefix: string; width: number; next: number }]>([
    ['the newest case sets the series, continued from its highest number', ['26-0187', '25-0410'], ['25-0410', '26-0187', '26-0012'], { prefix: '26-', width: 4, next: 188 }],
    ['a prefix of letters', ['HM-2024-017'], ['HM-2024-017', 'HM-2024-003'], { prefix: 'HM-2024-', width: 3, next: 18 }],
    ['a plain number', ['1042'], ['1042', '977', 'A-5'], { prefix: '', width: 4, next: 1043 }],
    ["earlier imports' IMP- numbers are no series", ['IMP-4', '26-0003'], ['IMP-4', '26-0003'], { prefix: '26-', width: 4, next: 4 }],
    ['a newest number without digits is passed over', ['Smith matter', '24-77'], ['Smith matter', '24-77'], { prefix: '24-', width: 2, next: 78 }],
    ['the prefix is compared case-insensitively', ['hm-9'], ['HM-12', 'hm-9'], { prefix: 'hm-', width: 1, next: 13 }],
    ['no case yet: the year series', [], [], { prefix: '26-', width: 4, next: 1 }],
  ])('%s', (_what, newest, all, series) => {
    expect(firmSeries(newest, all, '2026-11-29')).toEqual(series);
  });
});

describe('takeFileNumber and takeProjectNumber', () => {
  it.each<[string, { prefix: string; width: number; next: number }, string[], string[]]>([
    ['padded, one after another', { prefix: '26-', width: 4, next: 188 }, [], ['26-0188', '26-0189']],
    ['a number in use is passed over', { prefix: '26-', width: 4, next: 188 }, ['26-0188'], ['26-0189', '26-0190']],
    ['wider than the padding', { prefix: 'A', width: 2, next: 99 }, [], ['A99', 'A100']],
  ])('file numbers: %s', (_what, series, taken, expected) => {
    const s = { ...series };
    const set = new Set(taken);
    expect([takeFileNumber(s, set), takeFileNumber(s, set)]).toEqual(expected);
  });

  it.each<[string, string[], string]>([
    ['26-0188', [], '26-0188-01'],
    ['26-0188', ['26-0188-01', '26-0188-02'], '26-0188-03'],
    ['HM-1', ['hm-1-01'], 'HM-1-02'],
  ])('the project of case %s (taken %j) is %s', (fileNumber, taken, expected) => {
    expect(takeProjectNumber(fileNumber, new Set(taken))).toBe(expected);
  });
});
