import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSignInProvider } from '../../../core/api/auth.ts';
import type { TProviderSettingsBody, TProviderSettingsList, TProviderTestBody, TProviderTestResult } from '../../../core/api/sign-in-providers.ts';
import { api } from '../../lib/api.ts';

// Settings → Sign in with Google or Microsoft (super admins): /api/settings/sign-in-providers.

const KEY = ['settings', 'sign-in-providers'] as const;

export function useProviderSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => api<TProviderSettingsList>('/api/settings/sign-in-providers') });
}

export function useSaveProvider(provider: TSignInProvider) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TProviderSettingsBody) => api<TProviderSettingsList>(`/api/settings/sign-in-providers/${provider}`, { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
}

export function useTestProvider(provider: TSignInProvider) {
  return useMutation({
    mutationFn: (body: TProviderTestBody) => api<TProviderTestResult>(`/api/settings/sign-in-providers/${provider}/test`, { method: 'POST', body }),
  });
}
