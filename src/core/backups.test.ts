import { describe, expect, it } from 'vitest';
import { backupFileName, backupsToPrune, confirmationDate, confirmationMatches, isBackupFileName } from './backups.ts';

describe('confirmationDate', () => {
  it.each([
    ['2026-11-23T14:05:00Z', 'America/New_York', '11/23/2026'],
    ['2026-11-24T03:00:00Z', 'America/New_York', '11/23/2026'],
    ['2026-11-24T03:00:00Z', 'UTC', '11/24/2026'],
  ])('%s in %s → %s', (at, zone, expected) => {
    expect(confirmationDate(at, zone)).toBe(expected);
  });
  it('accepts the typed date with spaces around it only', () => {
    expect(confirmationMatches(' 11/23/2026 ', '2026-11-23T14:05:00Z', 'UTC')).toBe(true);
    expect(confirmationMatches('11/23/26', '2026-11-23T14:05:00Z', 'UTC')).toBe(false);
  });
});

describe('backupsToPrune', () => {
  const b = (day: number, trigger: 'scheduled' | 'manual' = 'scheduled') => ({ trigger, createdAt: `2026-11-${String(day).padStart(2, '0')}T02:00:00Z` });
  it('keeps the newest scheduled ones and never prunes manual or pre-restore backups', () => {
    const list = [b(1), b(2), b(3, 'manual'), b(4), b(5)];
    expect(backupsToPrune(list, 2)).toEqual([b(2), b(1)]);
    expect(backupsToPrune(list, 7)).toEqual([]);
  });
});

describe('backupFileName', () => {
  it('sorts by time and names the trigger', () => {
    const name = backupFileName(new Date('2026-11-23T14:05:01.123Z'), 'pre-restore');
    expect(name).toBe('casebook-20261123-140501-pre-restore.backup');
    expect(isBackupFileName(name)).toBe(true);
    expect(isBackupFileName('../etc/passwd')).toBe(false);
  });
});
