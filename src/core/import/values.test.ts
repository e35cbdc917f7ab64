import { describe, expect, it } from 'vitest';
import { parseAmount, parseBillable, parseDate, parseHours } from './values.ts';

describe('parseDate', () => {
  it.each<[string, string | null]>([
    ['2024-03-04', '2024-03-04'], ['2024-3-4', '2024-03-04'], ['2024-03-04 09:00:00', '2024-03-04'],
    ['03/04/2024', '2024-03-04'], ['15.01.2024', '2024-01-15'], ['2024-02-29', '2024-02-29'],
    ['2023-02-29', null], ['2024-13-01', null], ['13/01/2024', null], ['yesterday', null], ['', null],
  ])('%s → %s', (text, date) => expect(parseDate(text)).toBe(date));
});

describe('parseHours', () => {
  it.each<[string, number | null]>([
    ['01:30:00', 1.5], ['1:30', 1.5], ['00:45:00', 0.75], ['10:00:36', 10.01], ['1.5', 1.5], ['1,5', 1.5], ['2', 2],
    ['-1', -1], ['-01:00:00', -1], ['1:75', null], ['', null], ['abc', null],
  ])('%s → %s', (text, hours) => {
    const value = parseHours(text);
    if (hours === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(hours, 4);
  });
});

describe('parseAmount', () => {
  it.each<[string, number | null]>([
    ['225.00', 225], ['1,234.50', 1234.5], ['$12', 12], ['12,5', 12.5], ['', null], ['n/a', null],
  ])('%s → %s', (text, amount) => expect(parseAmount(text)).toBe(amount));
});

describe('parseBillable', () => {
  it.each<[string, boolean | null]>([
    ['Yes', true], ['yes', true], [' Y ', true], ['TRUE', true], ['1', true], ['Billable', true], ['', true],
    ['No', false], ['no', false], ['N', false], ['false', false], ['0', false], ['Non-billable', false], ['not  billable', false],
    ['maybe', null], ['2', null],
  ])('%s → %s', (text, billable) => expect(parseBillable(text)).toBe(billable));
});
