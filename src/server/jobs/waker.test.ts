import { afterEach, describe, expect, it, vi } from 'vitest';
import { Waker } from './waker.ts';

describe('Waker', () => {
  afterEach(() => vi.useRealTimers());

  const sleeping = (waker: Waker, ms: number) => {
    let woke = false;
    void waker.sleep(ms).then(() => (woke = true));
    return () => woke;
  };

  it.each([
    ['wakeIn sooner than planned ends the sleep then', 5000, 3000, 3000],
    ['wakeIn later than planned changes nothing', 1000, 3000, 1000],
  ])('%s', async (_name, planned, inMs, wokeAt) => {
    vi.useFakeTimers();
    const waker = new Waker();
    const woke = sleeping(waker, planned);
    waker.wakeIn(inMs);
    await vi.advanceTimersByTimeAsync(wokeAt - 1);
    expect(woke()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(woke()).toBe(true);
  });

  it('wake() ends a sleep at once, or makes the next one return at once; wakeIn leaves a busy one alone', async () => {
    vi.useFakeTimers();
    const waker = new Waker();
    waker.wakeIn(10);
    let woke = sleeping(waker, 60_000);
    await vi.advanceTimersByTimeAsync(100);
    expect(woke()).toBe(false);
    waker.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(woke()).toBe(true);
    waker.wake();
    woke = sleeping(waker, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(woke()).toBe(true);
  });
});
