import { describe, expect, it } from 'vitest';
import {
  accountChangeProblem, normalizeInitials, oneTimePasswordExpired, passwordProblem, PASSWORD_MESSAGES, testAccountNeedsTwoFactor, USER_RULE_MESSAGES,
  type AccountChange,
} from './users.ts';
import type { TDataRole } from '../api/auth.ts';

const common = new Set(['password', 'qwertyuiop', 'iloveyou']);
const isCommon = (c: string) => common.has(c);

describe('passwordProblem', () => {
  it.each([
    ['short1', PASSWORD_MESSAGES.tooShort],
    ['x'.repeat(257) + 'Ab1', PASSWORD_MESSAGES.tooLong],
    ['Password2024!', PASSWORD_MESSAGES.common],
    ['!!qwertyuiop99', PASSWORD_MESSAGES.common],
    ['aaaaaaaaaaaaaa', PASSWORD_MESSAGES.common],
    ['ababababababab', PASSWORD_MESSAGES.common],
    ['ana.diaz-secret-1', PASSWORD_MESSAGES.sameAsEmail],
    ['correct horse battery', null],
    ['tulip-ledger-window', null],
  ])('%s → %s', (password, expected) => {
    expect(passwordProblem(password, 'ana.diaz@firm.com', isCommon)).toBe(expected);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('ééééééééééé', 'x@y.z', isCommon)).toBe(PASSWORD_MESSAGES.tooShort);
  });
});

describe('normalizeInitials', () => {
  it.each([['ab', 'AB'], ['a.b.c.d', 'ABC'], ['j-p', 'JP'], ['é1z', 'ÉZ']])('%s → %s', (input, out) => {
    expect(normalizeInitials(input)).toBe(out);
  });
});

describe('accountChangeProblem', () => {
  const sa = { id: 'sa', role: 'super_admin' as TDataRole };
  const admin = { id: 'ad', role: 'admin' as TDataRole };
  const target = (role: TDataRole, id = 't', disabled = false) => ({ id, role, disabled });
  const edit = (role: TDataRole): AccountChange => ({ kind: 'edit', role });
  it.each([
    ['admin disables a user', admin, target('limited_user'), { kind: 'disable' }, 1, null],
    ['admin deletes themself', admin, target('admin', 'ad'), { kind: 'delete' }, 1, USER_RULE_MESSAGES.self],
    ['super admin disables themself', sa, target('super_admin', 'sa'), { kind: 'disable' }, 2, USER_RULE_MESSAGES.self],
    ['admin grants super_admin', admin, target('limited_user'), edit('super_admin'), 1, USER_RULE_MESSAGES.superAdminOnly],
    ['admin demotes a super admin', admin, target('super_admin'), edit('admin'), 2, USER_RULE_MESSAGES.superAdminOnly],
    ['admin resets a super admin password', admin, target('super_admin'), { kind: 'reset-password' }, 2, USER_RULE_MESSAGES.superAdminOnly],
    ['super admin grants super_admin', sa, target('admin'), edit('super_admin'), 1, null],
    ['super admin demotes the last super admin (self)', sa, target('super_admin', 'sa'), edit('admin'), 1, USER_RULE_MESSAGES.lastSuperAdmin],
    ['super admin demotes another while two are active', sa, target('super_admin'), edit('admin'), 2, null],
    ['super admin disables the last other active one', sa, target('super_admin'), { kind: 'disable' }, 1, USER_RULE_MESSAGES.lastSuperAdmin],
    ['a disabled super admin may be deleted', sa, target('super_admin', 't', true), { kind: 'delete' }, 1, null],
    ['super admin keeps role and edits names of the last one', sa, target('super_admin', 'sa'), edit('super_admin'), 1, null],
    ['anyone may edit their own names', admin, target('admin', 'ad'), edit('admin'), 1, null],
  ] as const)('%s', (_label, actor, t, change, count, expected) => {
    expect(accountChangeProblem({ actor, target: t, change: change as AccountChange, activeSuperAdmins: count })).toBe(expected);
  });
});

describe('oneTimePasswordExpired', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it.each([
    ['a one-time password within its hours', true, '2026-11-26T12:00:01Z', false],
    ['a one-time password at its last instant', true, '2026-11-26T12:00:00Z', true],
    ['a one-time password past its hours', true, '2026-11-20T00:00:00Z', true],
    ['a one-time password with no expiry (set by the operator)', true, null, false],
    ['a password the user chose, whatever the stale date', false, '2026-11-20T00:00:00Z', false],
  ])('%s', (_label, mustChangePassword, expiresAt, expired) => {
    expect(oneTimePasswordExpired({ mustChangePassword, expiresAt: expiresAt ? new Date(expiresAt) : null }, now)).toBe(expired);
  });
});

describe('testAccountNeedsTwoFactor', () => {
  it('names the role the firm requires a second factor of, in words', () => {
    expect(testAccountNeedsTwoFactor('super_admin')).toBe(
      'The test account cannot sign in: the firm requires two-factor sign-in for super admins. Please sign in with your e-mail and password.');
    expect(testAccountNeedsTwoFactor('admin')).toContain('for administrators.');
    expect(testAccountNeedsTwoFactor('limited_user')).toContain('for limited users.');
  });
});
