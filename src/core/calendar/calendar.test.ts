import { describe, expect, it } from 'vitest';
import { formResetAfterChoiceMs, syncIndicatorText, syncToast } from './calendar.ts';

describe('syncToast', () => {
  it.each([
    [{ total: 0, success: 0, failed: 0, errors: [] }, null],
    [{ total: 3, success: 3, failed: 0, errors: [] },
      { title: 'Sync Successful', message: '3 status update(s) synced to Google Calendar', color: 'green', autoClose: true }],
    [{ total: 2, success: 0, failed: 2, errors: ['x'] }, { title: 'Sync Failed', message: '0 synced, 2 failed', color: 'red', autoClose: false }],
    [{ total: 3, success: 1, failed: 2, errors: ['x'] }, { title: 'Partial Sync', message: '1 synced, 2 failed', color: 'yellow', autoClose: false }],
    [{ error: 'Google Calendar not connected' }, { title: 'Sync Failed', message: 'Google Calendar not connected', color: 'red', autoClose: false }],
  ])('%o → %o', (summary, toast) => expect(syncToast(summary)).toEqual(toast));
});

describe('syncIndicatorText', () => {
  it.each([
    [{ syncing: true, pending: 4 }, 'Syncing...'],
    [{ syncing: false, pending: 4 }, '4 pending'],
    [{ syncing: false, pending: 0 }, null],
  ])('%o → %s', (status, text) => expect(syncIndicatorText(status)).toBe(text));
});

describe('formResetAfterChoiceMs (SPEC §9)', () => {
  it.each([
    [true, 4000],
    [false, 8000],
  ])('the choice went through: %s → the form resets after %i ms', (ok, ms) => {
    expect(formResetAfterChoiceMs(ok)).toBe(ms);
  });
});
