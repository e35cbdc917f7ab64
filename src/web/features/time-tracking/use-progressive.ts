import { startTransition, useEffect, useState } from 'react';

const FIRST = 40;
const STEP = 120;

/**
 * How many of `total` rows to render: a screenful at once, the rest in background chunks, so a
 * project with hundreds of entries shows at once and typing never waits for rows off screen.
 * Once every row has been shown, rows added later show at once.
 */
export function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(() => Math.min(total, FIRST));
  const [done, setDone] = useState(total <= FIRST);
  useEffect(() => {
    if (done) return;
    if (count >= total) {
      setDone(true);
      return;
    }
    const frame = requestAnimationFrame(() => startTransition(() => setCount((c) => Math.min(total, c + STEP))));
    return () => cancelAnimationFrame(frame);
  }, [count, total, done]);
  return done ? total : Math.min(total, count);
}
