import { Skeleton } from '@mantine/core';

/** A placeholder while one part of a screen loads: a status region with its name (a bare
 * `aria-label` on a plain block is not allowed by ARIA, so the role comes with it). */
export function LoadingBlock({ label, h }: { label: string; h: number }) {
  return <Skeleton h={h} role="status" aria-label={label} />;
}
