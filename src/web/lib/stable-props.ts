import { useCallback, useInsertionEffect, useRef } from 'react';

// Props that keep their identity between renders, so a memoized part of a long form renders again
// only when what it shows changes (issue 39: the intake forms' keystroke budget).

/** A function of fixed identity that calls the latest `fn` given (a form's onChange is a new closure each render). */
export function useLatestCallback<A extends unknown[], R>(fn: ((...args: A) => R) | undefined): (...args: A) => R | undefined {
  const latest = useRef(fn);
  useInsertionEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current?.(...args), []);
}

/** The object of the last render while its own values are the same (a form's errors are a new object each render). */
export function useShallowStable<T extends object | undefined>(value: T): T {
  const last = useRef(value);
  const same = last.current === value || (last.current !== undefined && value !== undefined
    && Object.keys(last.current).length === Object.keys(value).length
    && Object.entries(value).every(([k, v]) => Object.is((last.current as Record<string, unknown>)[k], v)));
  useInsertionEffect(() => {
    if (!same) last.current = value;
  });
  return same ? last.current : value;
}
