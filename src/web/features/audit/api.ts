import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TAuditPage } from '../../../core/api/audit.ts';
import { api } from '../../lib/api.ts';

export interface AuditFilters {
  actorId: string;
  table: string;
  rowId: string;
  from: string;
  to: string;
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['audit', filters],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
      if (pageParam) params.set('before', String(pageParam));
      return api<TAuditPage>(`/api/audit?${params}`);
    },
    getNextPageParam: (last) => last.nextBefore,
  });
}

export function useAuditActors() {
  return useQuery({
    queryKey: ['audit', 'actors'],
    queryFn: () => api<{ actors: Array<{ id: string; name: string }> }>('/api/audit/actors').then((r) => r.actors),
  });
}
