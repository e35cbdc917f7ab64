import { Group, Pagination, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/** Long lists show a page at a time (a file may hold hundreds of people, clients or refused rows). */
export function usePaged<T>(items: readonly T[], label: string, size = 25): { page: readonly T[]; pager: ReactNode } {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages);
  const slice = items.slice((current - 1) * size, current * size);
  const pager = pages > 1 ? (
    <Group justify="space-between" gap="xs">
      <Text size="xs" c="dimmed">{(current - 1) * size + 1}–{(current - 1) * size + slice.length} of {items.length.toLocaleString()}</Text>
      <Pagination size="sm" total={pages} value={current} onChange={setPage}
        getControlProps={(control) => ({ 'aria-label': `${label}: ${control} page` })}
        getItemProps={(n) => ({ 'aria-label': `${label}: page ${n}` })} />
    </Group>
  ) : null;
  return { page: slice, pager };
}
