import { describe, expect, it } from 'vitest';
import { startedBy, when } from './format.ts';

describe('who started a backup', () => {
  it.each([
    [{ trigger: 'scheduled', startedBy: null }, 'Daily schedule'],
    [{ trigger: 'manual', startedBy: 'Denise Park' }, 'Denise Park'],
    [{ trigger: 'manual', startedBy: null }, 'Back up now'],
    [{ trigger: 'pre-restore', startedBy: 'Margaret Hale' }, 'Margaret Hale, before restoring'],
    [{ trigger: 'pre-restore', startedBy: null }, 'Before a restore'],
    [{ trigger: 'command', startedBy: null }, 'Command line'],
  ] as const)('%o → %s', (backup, label) => expect(startedBy(backup)).toBe(label));
});

describe('when', () => {
  it("reads the firm's clock with its zone", () => {
    expect(when('2026-11-27T14:05:00Z', 'America/New_York')).toBe('11/27/2026 9:05 AM EST');
  });
});
