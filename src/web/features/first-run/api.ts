import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSessionResponse } from '../../../core/api/auth.ts';
import type { TFirstRunState } from '../../../core/api/first-run.ts';
import type { TFirstSuperAdminBody } from '../../../core/api/setup-address.ts';
import type { FirstRunStep, StepOutcome } from '../../../core/accounts/first-run.ts';
import { api } from '../../lib/api.ts';

const KEY = ['first-run'];

/** The first-run setup's state (super admins only: the API refuses anyone else). */
export function useFirstRun(enabled: boolean) {
  return useQuery({ queryKey: KEY, queryFn: () => api<TFirstRunState>('/api/first-run'), enabled });
}

export function useAnswerStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ step, outcome }: { step: FirstRunStep; outcome: StepOutcome }) =>
      api<TFirstRunState>(`/api/first-run/steps/${step}`, { method: 'PUT', body: { outcome } }),
    onSuccess: (state) => client.setQueryData(KEY, state),
  });
}

/** Whether the one-time setup address can still create the first super admin (docs/decisions/117). */
export function useSetupTokenCheck(token: string) {
  return useQuery({
    queryKey: ['setup-address', token],
    queryFn: () => api<void>('/api/setup-address/check', { method: 'POST', body: { token } }).then(() => true),
    retry: false,
  });
}

export function useCreateFirstSuperAdmin() {
  return useMutation({
    mutationFn: (body: TFirstSuperAdminBody) => api<TSessionResponse>('/api/setup-address/first-super-admin', { method: 'POST', body }),
  });
}
