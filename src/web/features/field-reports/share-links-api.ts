import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreatedShareLink, TCreateShareLinkBody, TShareLink } from '../../../core/api/share-links.ts';
import { api } from '../../lib/api.ts';

// Client share links of one report (docs/decisions/105).
const key = (reportId: string) => ['field-reports', 'share-links', reportId];
const base = (reportId: string) => `/api/field-reports/${reportId}/share-links`;

/** The address a client opens: the app's own origin and the link's secret. */
export const sharedUrl = (token: string) => `${window.location.origin}/shared/${token}`;

export const useShareLinks = (reportId: string) =>
  useQuery({ queryKey: key(reportId), queryFn: () => api<{ links: TShareLink[] }>(base(reportId)).then((r) => r.links) });

/** Makes a link: the answer carries its secret, the only time it is ever sent. */
export function useCreateShareLink(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateShareLinkBody) => api<TCreatedShareLink>(base(reportId), { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: key(reportId) }),
  });
}

export function useRevokeShareLink(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api<TShareLink>(`${base(reportId)}/${linkId}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: key(reportId) }),
  });
}
