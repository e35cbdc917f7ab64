import { describe, expect, it } from 'vitest';
import { addMinutes, formatStoredTime, parseSmartTime, timeText } from './smart-time.ts';

describe('parseSmartTime', () => {
  it.each([
    ['noon', '12:00:00', '12:00 PM'],
    ['midnight', '00:00:00', '12:00 AM'],
    [' NOON ', '12:00:00', '12:00 PM'],
    ['9am', '09:00:00', '9:00 AM'],
    ['9 am', '09:00:00', '9:00 AM'],
    ['9AM', '09:00:00', '9:00 AM'],
    ['9a', '09:00:00', '9:00 AM'],
    ['9 a.m.', '09:00:00', '9:00 AM'],
    ['9pm', '21:00:00', '9:00 PM'],
    ['9:30pm', '21:30:00', '9:30 PM'],
    ['9:30 PM', '21:30:00', '9:30 PM'],
    ['09:05am', '09:05:00', '9:05 AM'],
    ['12am', '00:00:00', '12:00 AM'],
    ['12:15am', '00:15:00', '12:15 AM'],
    ['12pm', '12:00:00', '12:00 PM'],
    ['12:45 pm', '12:45:00', '12:45 PM'],
    ['0am', '00:00:00', '12:00 AM'],
    ['14:30', '14:30:00', '2:30 PM'],
    ['0:00', '00:00:00', '12:00 AM'],
    ['23:59', '23:59:00', '11:59 PM'],
    ['9', '09:00:00', '9:00 AM'],
    ['17', '17:00:00', '5:00 PM'],
    ['930', '09:30:00', '9:30 AM'],
    ['0930', '09:30:00', '9:30 AM'],
    ['1430', '14:30:00', '2:30 PM'],
    ['1200', '12:00:00', '12:00 PM'],
    ['0000', '00:00:00', '12:00 AM'],
    ['930pm', '21:30:00', '9:30 PM'],
  ])('%j → %s / %s', (input, stored, display) => {
    expect(parseSmartTime(input)).toEqual({ ok: true, value: { stored, display } });
  });

  it.each([
    '',
    '   ',
    'soon',
    '13pm',
    '13:00 am',
    '24:00',
    '2400',
    '25',
    '9:60',
    '960',
    '9:5',
    '12:',
    '12345',
    '9 xm',
    '9:30:00',
    '-1',
  ])('%j → Invalid time format', (input) => {
    expect(parseSmartTime(input)).toEqual({ ok: false, error: 'Invalid time format' });
  });
});

describe('addMinutes', () => {
  it.each([
    ['09:00:00', 30, '09:30:00'],
    ['09:45:00', 30, '10:15:00'],
    ['09:45', 30, '10:15:00'],
    ['23:45:00', 30, '00:15:00'],
    ['23:59:00', 1, '00:00:00'],
    ['00:10:00', -20, '23:50:00'],
    ['12:00:00', 24 * 60, '12:00:00'],
    ['12:00:00', 0, '12:00:00'],
    ['nonsense', 30, ''],
    ['25:00:00', 30, ''],
  ])('%s + %i → %j', (stored, minutes, expected) => {
    expect(addMinutes(stored, minutes)).toBe(expected);
  });
});

describe('formatStoredTime', () => {
  it.each([
    ['00:00:00', '12:00 AM'],
    ['09:05:00', '9:05 AM'],
    ['12:00:00', '12:00 PM'],
    ['13:30:00', '1:30 PM'],
    ['23:59:59', '11:59 PM'],
    ['17:00', '5:00 PM'],
    ['08:15:00.000', '8:15 AM'],
    ['', ''],
    ['24:00:00', ''],
    ['noon', ''],
  ])('%j → %j', (stored, expected) => {
    expect(formatStoredTime(stored)).toBe(expected);
  });
});

describe('timeText', () => {
  it.each([
    [null, null, 'N/A'],
    ['', '', 'N/A'],
    [null, '17:00:00', 'Until 5:00 PM'],
    ['09:30:00', null, '9:30 AM'],
    ['09:30:00', '', '9:30 AM'],
    ['09:30:00', '10:00:00', '9:30 AM - 10:00 AM'],
    ['11:30:00', '13:00:00', '11:30 AM - 1:00 PM'],
  ])('%j, %j → %j', (start, end, expected) => {
    expect(timeText(start, end)).toBe(expected);
  });
});
