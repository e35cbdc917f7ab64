import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TAuditChainVerdict, TAuditPage } from '../../../core/api/audit.ts';
import { api } from '../../lib/api.ts';

/** The log's filters as the address says them: ?person=&type=&record=&from=&to= (back and forward move between them). */
export const URL_KEYS = { actorId: 'person', table: 'type', rowId: 'record', from: 'from', to: 'to' } as const;
export type AuditFilterKey = keyof typeof URL_KEYS;

export function filtersFrom(params: URLSearchParams): Partial<Record<AuditFilterKey, string>> {
  const out: Partial<Record<AuditFilterKey, string>> = {};
  for (const [key, name] of Object.entries(URL_KEYS) as Array<[AuditFilterKey, string]>) {
    const value = params.get(name)?.trim();
    if (value) out[key] = value;
  }
  return out;
}

const apiQuery = (filters: Partial<Record<AuditFilterKey, string>>) => new URLSearchParams(filters as Record<string, string>);

/** The filtered log as CSV, the same filters on the server. */
export const exportUrl = (filters: Partial<Record<AuditFilterKey, string>>) => `/api/audit/export.csv?${apiQuery(filters)}`;

export function useAuditLog(filters: Partial<Record<AuditFilterKey, string>>) {
  return useInfiniteQuery({
    queryKey: ['audit', filters],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => {
      const params = apiQuery(filters);
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

/** Seals the rows written since, then recomputes the log's SHA-256 chain (docs/decisions/141). */
export const verifyAuditChain = () => api<TAuditChainVerdict>('/api/audit/verify', { method: 'POST' });
