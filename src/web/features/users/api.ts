import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateUserBody, TOneTimePasswordResult, TUpdateUserBody, TUserAccount } from '../../../core/api/users.ts';
import { api } from '../../lib/api.ts';
import { usersKeys } from './query-keys.ts';

const KEY = usersKeys.all;

export function useUsers() {
  return useQuery({ queryKey: KEY, queryFn: () => api<{ users: TUserAccount[] }>('/api/users').then((r) => r.users) });
}

/** Every account action answers with the changed account (or a one-time password); the list reloads. */
export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction): Promise<TOneTimePasswordResult | TUserAccount | undefined> => {
      switch (action.kind) {
        case 'create': return api<TOneTimePasswordResult>('/api/users', { method: 'POST', body: action.body });
        case 'update': return api<TUserAccount>(`/api/users/${action.id}`, { method: 'PUT', body: action.body });
        case 'reset': return api<TOneTimePasswordResult>(`/api/users/${action.id}/reset-password`, { method: 'POST' });
        case 'reset-two-factor': return api<TUserAccount>(`/api/users/${action.id}/reset-two-factor`, { method: 'POST' });
        case 'disable': return api<TUserAccount>(`/api/users/${action.id}/disable`, { method: 'POST' });
        case 'enable': return api<TUserAccount>(`/api/users/${action.id}/enable`, { method: 'POST' });
        case 'delete': return api<undefined>(`/api/users/${action.id}`, { method: 'DELETE' });
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export type UserAction =
  | { kind: 'create'; body: TCreateUserBody }
  | { kind: 'update'; id: string; body: TUpdateUserBody }
  | { kind: 'reset' | 'reset-two-factor' | 'disable' | 'enable' | 'delete'; id: string };
