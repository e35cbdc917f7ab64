import { describe, expect, it } from 'vitest';
import { clockText, elapsedMs } from './timer-api.ts';

describe('the running clock (issue 25)', () => {
  const answer = {
    timer: { projectId: 'p', projectLabel: 'P', jobType: 'Engineer', description: '', startedAt: '2026-11-26T14:00:00.000Z' },
    serverNow: '2026-11-26T15:30:00.000Z',
    receivedAt: 1_000_000,
  };

  it("runs from the server's time, whatever the computer's clock says", () => {
    expect(elapsedMs(answer, 1_000_000)).toBe(90 * 60_000);
    expect(elapsedMs(answer, 1_005_000)).toBe(90 * 60_000 + 5_000);
  });

  it('is 0 without a timer, never negative', () => {
    expect(elapsedMs({ ...answer, timer: null }, 2_000_000)).toBe(0);
    expect(elapsedMs({ ...answer, serverNow: '2026-11-26T13:00:00.000Z' }, 1_000_000)).toBe(0);
  });

  it('reads H:MM:SS', () => {
    expect(clockText(0)).toBe('0:00:00');
    expect(clockText(90 * 60_000 + 5_999)).toBe('1:30:05');
    expect(clockText(25 * 3_600_000)).toBe('25:00:00');
  });
});
