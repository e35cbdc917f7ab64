import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBudgetBody, TCaseBudgets } from '../../../core/api/budgets.ts';
import { api } from '../../lib/api.ts';

// A case's budgets and its projects' (issue 41): GET for everyone signed in, PUT/DELETE for admins
// (money budgets: super admins).

const key = (caseId: string) => ['budgets', caseId] as const;

export const useCaseBudgets = (caseId: string) =>
  useQuery({ queryKey: key(caseId), queryFn: () => api<TCaseBudgets>(`/api/cases/${caseId}/budgets`) });

export function useSaveBudget(caseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TBudgetBody }) => api<TCaseBudgets>(`/api/budgets/${id}`, { method: 'PUT', body }),
    onSuccess: (budgets) => client.setQueryData(key(caseId), budgets),
  });
}

export function useDeleteBudget(caseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/budgets/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: key(caseId) }),
  });
}
