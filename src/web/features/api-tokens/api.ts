import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiToken, TCreateApiTokenBody, TCreatedApiToken } from '../../../core/api/api-tokens.ts';
import { api } from '../../lib/api.ts';

const KEY = ['api-tokens'];

/** The signed-in user's own tokens (never their text). */
export function useApiTokens() {
  return useQuery({ queryKey: KEY, queryFn: () => api<{ tokens: TApiToken[] }>('/api/api-tokens').then((r) => r.tokens) });
}

/** Makes a token: the answer carries its text, the only time it is ever sent. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiTokenBody) => api<TCreatedApiToken>('/api/api-tokens', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<undefined>(`/api/api-tokens/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
