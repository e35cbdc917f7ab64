import { describe, expect, it } from 'vitest';
import { formatHours, HOURS_TEXT_MESSAGE, parseHoursText } from './hours-text.ts';

describe('parseHoursText', () => {
  it.each([
    ['1.5', 1.5], ['1:30', 1.5], ['90m', 1.5], ['1h 30m', 1.5], ['1h30', 1.5], ['1H 30M', 1.5], ['2 h 15 m', 2.25],
    ['.25', 0.25], ['8', 8], ['8h', 8], ['45m', 0.75], ['0:20', 0.33], ['1:20', 1.33], ['  7.25 ', 7.25], ['', 0], ['  ', 0],
    ['24', 24], ['30 min', 0.5],
  ])('%j is %d hours', (text, hours) => {
    expect(parseHoursText(text)).toEqual({ ok: true, value: hours });
  });

  it.each([['abc'], ['1:75'], ['-1'], ['1,5'], ['1h 30x'], ['m']])('%j is refused in words', (text) => {
    expect(parseHoursText(text)).toEqual({ ok: false, error: HOURS_TEXT_MESSAGE });
  });

  it.each([['25', 'A single time entry cannot be more than 24 hours'], ['1.255', 'Hours may have at most 2 decimal places']])(
    '%j breaks the entry limits', (text, message) => {
      expect(parseHoursText(text)).toEqual({ ok: false, error: message });
    },
  );
});

describe('formatHours', () => {
  it.each([[0, ''], [1.5, '1.5'], [7.25, '7.25'], [8, '8'], [1 / 3, '0.33']])('%d → %j', (hours, text) => {
    expect(formatHours(hours)).toBe(text);
  });
});
