import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSessionResponse } from '../../../core/api/auth.ts';
import type { TRecoveryCodes, TSignInSetupDone, TTwoFactorPolicy, TTwoFactorSetup, TTwoFactorStatus } from '../../../core/api/two-factor.ts';
import { api } from '../../lib/api.ts';

const STATUS_KEY = ['two-factor', 'status'];
const POLICY_KEY = ['two-factor', 'policy'];

export const useTwoFactorStatus = () =>
  useQuery({ queryKey: STATUS_KEY, queryFn: () => api<TTwoFactorStatus>('/api/account/two-factor') });

export const beginOwnSetup = () => api<TTwoFactorSetup>('/api/account/two-factor/setup', { method: 'POST' });
export const confirmOwnSetup = (code: string) =>
  api<TRecoveryCodes>('/api/account/two-factor/confirm', { method: 'POST', body: { code } }).then((r) => r.recoveryCodes);

export function useTurnOff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<TTwoFactorStatus>('/api/account/two-factor/disable', { method: 'POST', body: { code } }),
    onSuccess: (status) => client.setQueryData(STATUS_KEY, status),
  });
}

export function useRefreshStatus() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: STATUS_KEY });
}

export const useTwoFactorPolicy = () =>
  useQuery({ queryKey: POLICY_KEY, queryFn: () => api<TTwoFactorPolicy>('/api/settings/two-factor') });

export function useSavePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TTwoFactorPolicy) => api<TTwoFactorPolicy>('/api/settings/two-factor', { method: 'PUT', body }),
    onSuccess: (policy) => client.setQueryData(POLICY_KEY, policy),
    onError: () => client.invalidateQueries({ queryKey: POLICY_KEY }),
  });
}

/** The second step of a sign-in, held by the pending sign-in cookie. */
export const signInWithCode = (code: string) => api<TSessionResponse>('/api/auth/second-step/code', { method: 'POST', body: { code } });
export const beginSignInSetup = () => api<TTwoFactorSetup>('/api/auth/second-step/setup', { method: 'POST' });
export const confirmSignInSetup = (code: string) => api<TSignInSetupDone>('/api/auth/second-step/confirm', { method: 'POST', body: { code } });
