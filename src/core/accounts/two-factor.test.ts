import { generateSync, verifySync } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  formatRecoveryCode, groupSecret, isRecoveryCode, isTotpCode, normalizeCode, roleRequiresTwoFactor, stepVerdict, totpStep,
} from './two-factor.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('TOTP rules', () => {
  it('accepts the current step and one step either side, nothing further', () => {
    const nowStep = 1000;
    expect(stepVerdict({ step: 1000, nowStep, lastUsedStep: null })).toBe('ok');
    expect(stepVerdict({ step: 999, nowStep, lastUsedStep: null })).toBe('ok');
    expect(stepVerdict({ step: 1001, nowStep, lastUsedStep: null })).toBe('ok');
    expect(stepVerdict({ step: 998, nowStep, lastUsedStep: null })).toBe('outside-window');
    expect(stepVerdict({ step: 1002, nowStep, lastUsedStep: null })).toBe('outside-window');
  });

  it('never accepts a step twice, nor a step older than the last one used', () => {
    expect(stepVerdict({ step: 1000, nowStep: 1000, lastUsedStep: 1000 })).toBe('reused');
    expect(stepVerdict({ step: 999, nowStep: 1000, lastUsedStep: 1000 })).toBe('reused');
    expect(stepVerdict({ step: 1001, nowStep: 1000, lastUsedStep: 1000 })).toBe('ok');
  });

  it('agrees with otplib on the window: a code of ±30 s verifies, of ±60 s does not', () => {
    const epoch = 1_800_000_015;
    const code = generateSync({ secret: SECRET, epoch });
    const at = (shift: number) => verifySync({ secret: SECRET, token: code, epoch: epoch + shift, epochTolerance: 30 });
    for (const shift of [-30, 0, 30]) {
      const result = at(shift);
      expect(result.valid).toBe(true);
      expect(result.valid && 'timeStep' in result && stepVerdict({ step: result.timeStep, nowStep: totpStep(epoch + shift), lastUsedStep: null })).toBe('ok');
    }
    expect(at(61).valid).toBe(false);
    expect(at(-60).valid).toBe(false);
    expect(totpStep(epoch)).toBe(60_000_000);
  });
});

describe('codes as typed', () => {
  it('reads 6-digit codes with spaces, and recovery codes with a dash or in capitals', () => {
    expect(isTotpCode(' 123 456 ')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('12345a')).toBe(false);
    expect(normalizeCode('ABCDE-FGHJK')).toBe('abcdefghjk');
    expect(isRecoveryCode('ABCDE-FGHJK')).toBe(true);
    expect(isRecoveryCode('abcde-fghj0')).toBe(false);
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
  });

  it('groups a secret by four for typing by hand', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB');
  });

  it('requires a second factor only of the chosen roles', () => {
    expect(roleRequiresTwoFactor(['admin'], 'admin')).toBe(true);
    expect(roleRequiresTwoFactor(['admin'], 'super_admin')).toBe(false);
    expect(roleRequiresTwoFactor([], 'limited_user')).toBe(false);
  });
});
