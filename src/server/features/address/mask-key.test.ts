import { describe, expect, it } from 'vitest';
import { maskKey } from './settings-service.ts';

describe('maskKey', () => {
  it.each([
    [null, null],
    ['', null],
    ['prj_test_pk_0123456789abcdef', 'prj_test_pk_••••••••cdef'],
    ['prj_live_pk_0123456789abcdef', 'prj_live_pk_••••••••cdef'],
    // Too short to show a tail without giving most of it away.
    ['prj_test_pk_1234', 'prj_test_pk_••••••••'],
    ['someotherkey12345678', '••••••••5678'],
  ])('%j → %j', (key, masked) => {
    expect(maskKey(key)).toBe(masked);
  });
});
