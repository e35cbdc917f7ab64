import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/transport.ts';
import { isLocked, lockReason, ownerLockOf, weekLockOf } from './editor.ts';
import { entryRefusal, weekLockRefusal } from '../../shared/entries/week-lock.ts';

const LOCKED = 'This week was approved on 11/30/2026 and can no longer be changed.';
const enteredBy = { luis: 'Luis Mendoza' };
const admin = { id: 'admin', role: 'admin' as const, enteredBy };
const james = { id: 'james', role: 'limited_user' as const, enteredBy };
const ENTERED = 'Entered by Luis Mendoza: only an administrator can change it';
const row = (week: { lockMessage: string | null } | null, billNumber: number | null = null) =>
  ({ version: 1, extra: { createdBy: 'someone', billNumber, week } });

describe('rows of closed weeks (issue 25)', () => {
  it('a submitted or approved week locks the row for everyone, with its sentence', () => {
    expect(isLocked(admin, row({ lockMessage: LOCKED }))).toBe(true);
    expect(lockReason(admin, row({ lockMessage: LOCKED }))).toBe(LOCKED);
    expect(weekLockOf(row({ lockMessage: LOCKED }))).toBe(LOCKED);
  });

  it('a rejected (or open) week leaves the row editable', () => {
    expect(isLocked(admin, row({ lockMessage: null }))).toBe(false);
    expect(isLocked(admin, row(null))).toBe(false);
    expect(weekLockOf(row(null))).toBeNull();
  });

  it("a billed row's reason stays the bill's", () => {
    expect(lockReason(admin, row({ lockMessage: LOCKED }, 12))).not.toBe(LOCKED);
  });

  it("reads the server's 409 of a closed week, and nothing else", () => {
    const week = { week: { status: 'approved', weekStart: '2026-11-23', day: '2026-11-30' } };
    expect(weekLockRefusal(new ApiError('CONSTRAINT_VIOLATION', LOCKED, 409, week))).toBe(LOCKED);
    expect(weekLockRefusal(new ApiError('CONSTRAINT_VIOLATION', 'Other.', 409, {}))).toBeNull();
    expect(weekLockRefusal(new ApiError('EDIT_CONFLICT', 'Conflict.', 409, week))).toBeNull();
    expect(weekLockRefusal(new Error(LOCKED))).toBeNull();
  });
});

describe("another person's rows (issue 28)", () => {
  const luisRow = (version: number | null = 1, billNumber: number | null = null) => ({ version, extra: { createdBy: 'luis', billNumber, week: null } });
  it.each([
    ['a limited user, a saved row Luis entered', james, luisRow(), ENTERED],
    ['a limited user, an unsaved row', james, luisRow(null), null],
    ['an admin, a saved row Luis entered', admin, luisRow(), null],
    ['Luis himself', { ...james, id: 'luis' }, luisRow(), null],
  ])('%s', (_label, editor, r, expected) => {
    expect(ownerLockOf(editor, r)).toBe(expected);
    expect(isLocked(editor, r)).toBe(expected !== null);
    expect(lockReason(editor, r)).toBe(expected);
  });
  it('a billed row says the bill first', () => expect(lockReason(james, luisRow(1, 7))).not.toBe(ENTERED));
  it("reads the server's 403 that names who entered it, and no other 403", () => {
    expect(entryRefusal(new ApiError('PERMISSION_DENIED', ENTERED, 403, { enteredBy: 'Luis Mendoza' }))).toBe(ENTERED);
    expect(entryRefusal(new ApiError('PERMISSION_DENIED', "You don't have permission to perform this action.", 403))).toBeNull();
    expect(entryRefusal(new ApiError('CONSTRAINT_VIOLATION', LOCKED, 409, { week: { status: 'approved' } }))).toBe(LOCKED);
  });
});
