import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRetainer, TRetainerEntryCreate, TRetainerNotices } from '../../../../core/api/accounting.ts';
import { api } from '../../../lib/api.ts';
import { keys } from '../api.ts';

// A case's retainer (client funds held): its ledger, its low-balance threshold, deposits and refunds.
// Applications to bills are payments of method 'retainer' (bill-writes.ts).

const retainerKey = (caseId: string) => ['accounting', 'retainer', caseId] as const;

export const useRetainer = (caseId: string) =>
  useQuery({ queryKey: retainerKey(caseId), queryFn: () => api<TRetainer>(`/api/cases/${caseId}/retainer`) });

export const useRetainerNotices = (enabled: boolean) => useQuery({
  queryKey: ['accounting', 'retainer-notices'], enabled,
  queryFn: () => api<TRetainerNotices>('/api/accounting/retainer-notices'),
});

/** Deposit, refund or a new threshold: the answer is the retainer as it now stands. */
export function useRetainerWrite<V>(caseId: string, send: (value: V) => Promise<TRetainer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (retainer) => client.setQueryData(retainerKey(caseId), retainer),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all, predicate: (q) => q.queryKey[2] !== caseId }),
  });
}

export const addRetainerEntry = (caseId: string) => (body: TRetainerEntryCreate) =>
  api<TRetainer>(`/api/cases/${caseId}/retainer`, { method: 'POST', body });
export const setThreshold = (caseId: string) => (threshold: number | null) =>
  api<TRetainer>(`/api/cases/${caseId}/retainer/threshold`, { method: 'PUT', body: { threshold } });
