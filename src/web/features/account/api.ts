import { useMutation } from '@tanstack/react-query';
import type { TSessionResponse } from '../../../core/api/auth.ts';
import type { TChangePasswordBody, TUpdateProfileBody } from '../../../core/api/users.ts';
import { useAuth } from '../../shared/auth.tsx';
import { api } from '../../lib/api.ts';

export function useChangePassword() {
  const { replaceUser } = useAuth();
  return useMutation({
    mutationFn: (body: TChangePasswordBody) => api<TSessionResponse>('/api/account/password', { method: 'POST', body }),
    onSuccess: (s) => replaceUser(s.user),
  });
}

export function useUpdateProfile() {
  const { replaceUser } = useAuth();
  return useMutation({
    mutationFn: (body: TUpdateProfileBody) => api<TSessionResponse>('/api/account/profile', { method: 'PUT', body }),
    onSuccess: (s) => replaceUser(s.user),
  });
}
