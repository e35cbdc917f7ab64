import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: a part of a screen that renders
 * only then (its code fetched with `import()`) is never in the screen's first load (docs/decisions/078).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task it schedules runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Resolves once the browser has painted the current frame: code imported after it is not in a screen's first load. */
export const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
