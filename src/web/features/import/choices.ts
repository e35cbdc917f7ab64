import { useQuery } from '@tanstack/react-query';
import type { TClientDetail, TClientList } from '../../../core/api/clients.ts';
import type { TRateCodeListResponse } from '../../../core/api/rate-codes.ts';
import type { TUserAccount } from '../../../core/api/users.ts';
import { api } from '../../lib/api.ts';
import { rateCodesKeys } from '../rate-codes/query-keys.ts';
import { usersKeys } from '../users/query-keys.ts';

// What a line of the mapping can be matched to: the firm's users, clients, a client's projects and
// the firm's job titles (the active items of its rate codes), read from the routes their own screens use.

const STALE_MS = 60_000;

/** The firm's active users (Settings → Users reads the same list). */
export function useFirmUsers() {
  return useQuery({
    queryKey: usersKeys.all,
    queryFn: () => api<{ users: TUserAccount[] }>('/api/users').then((r) => r.users),
    staleTime: STALE_MS,
    select: (users) => users.filter((u) => u.status === 'active'),
  });
}

/** The firm's job titles: every active rate-code item's, once each, in order. */
export function useFirmJobTitles() {
  return useQuery({
    queryKey: rateCodesKeys.picker,
    queryFn: () => api<TRateCodeListResponse>('/api/rate-codes'),
    staleTime: STALE_MS,
    select: (r) => [...new Set(r.rateCodes.flatMap((code) => code.items.filter((i) => i.active).map((i) => i.jobType)))]
      .sort((a, b) => a.localeCompare(b)),
  });
}

/** Clients whose name holds `q` (2 characters or more), else the first page of clients. */
export function useClientChoices(q: string) {
  const search = q.trim().length >= 2 ? q.trim() : '';
  return useQuery({
    queryKey: ['import', 'clients', search],
    queryFn: ({ signal }) => api<TClientList>(`/api/clients?${search ? `q=${encodeURIComponent(search)}` : 'limit=100'}`, { signal }),
    staleTime: STALE_MS,
    select: (r) => r.clients.map((c) => ({ value: c.id, label: c.name })),
  });
}

/** A client's projects, grouped by case. */
export function useClientProjects(clientId: string | null) {
  return useQuery({
    queryKey: ['import', 'client', clientId],
    queryFn: () => api<TClientDetail>(`/api/clients/${clientId}`),
    enabled: clientId !== null,
    staleTime: STALE_MS,
    select: (client) => client.cases.filter((c) => c.projects.length > 0).map((c) => ({
      group: `${c.fileNumber} ${c.caseName}`.trim(),
      items: c.projects.map((p) => ({ value: p.id, label: `${p.projectNumber} ${p.displayName}`.trim() })),
    })),
  });
}
