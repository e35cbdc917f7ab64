import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/transport.ts';
import { isLocked, lockReason, weekLockOf } from './editor.ts';
import { weekLockRefusal } from './week-lock.ts';

const LOCKED = 'This week was approved on 11/30/2026 and can no longer be changed.';
const admin = { id: 'admin', all: true };
const row = (week: { lockMessage: string | null } | null, billNumber: number | null = null) =>
  ({ version: 1, extra: { createdBy: 'someone', billNumber, week } });

describe('rows of closed weeks (issue 25)', () => {
  it('a submitted or approved week locks the row for everyone, with its sentence', () => {
    expect(isLocked(admin, row({ lockMessage: LOCKED }))).toBe(true);
    expect(lockReason(row({ lockMessage: LOCKED }))).toBe(LOCKED);
    expect(weekLockOf(row({ lockMessage: LOCKED }))).toBe(LOCKED);
  });

  it('a rejected (or open) week leaves the row editable', () => {
    expect(isLocked(admin, row({ lockMessage: null }))).toBe(false);
    expect(isLocked(admin, row(null))).toBe(false);
    expect(weekLockOf(row(null))).toBeNull();
  });

  it("a billed row's reason stays the bill's", () => {
    expect(lockReason(row({ lockMessage: LOCKED }, 12))).not.toBe(LOCKED);
  });

  it("reads the server's 409 of a closed week, and nothing else", () => {
    const week = { week: { status: 'approved', weekStart: '2026-11-23', day: '2026-11-30' } };
    expect(weekLockRefusal(new ApiError('CONSTRAINT_VIOLATION', LOCKED, 409, week))).toBe(LOCKED);
    expect(weekLockRefusal(new ApiError('CONSTRAINT_VIOLATION', 'Other.', 409, {}))).toBeNull();
    expect(weekLockRefusal(new ApiError('EDIT_CONFLICT', 'Conflict.', 409, week))).toBeNull();
    expect(weekLockRefusal(new Error(LOCKED))).toBeNull();
  });
});
