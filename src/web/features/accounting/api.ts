import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBillCreate, TBillDetail, TBillList, TReceivables, TUnbilledEntries, TUnbilledList,
} from '../../../core/api/accounting.ts';
import type { BillAction } from '../../../core/billing.ts';
import { api } from '../../lib/api.ts';

// Fetchers of Accounting & Financials (super admins only; the API answers 403 to anyone else).

const keys = { all: ['accounting'] as const };

export const useUnbilled = (enabled: boolean) =>
  useQuery({ queryKey: ['accounting', 'unbilled'], enabled, queryFn: () => api<TUnbilledList>('/api/accounting/unbilled') });
export const useBills = (enabled: boolean) =>
  useQuery({ queryKey: ['accounting', 'bills'], enabled, queryFn: () => api<TBillList>('/api/bills') });
export const useReceivables = (enabled: boolean) =>
  useQuery({ queryKey: ['accounting', 'receivables'], enabled, queryFn: () => api<TReceivables>('/api/accounting/receivables') });
export const useBill = (id: string | null) =>
  useQuery({ queryKey: ['accounting', 'bill', id], enabled: !!id, queryFn: () => api<TBillDetail>(`/api/bills/${id}`) });
export const useUnbilledEntries = (caseId: string, from: string, to: string, enabled: boolean) => useQuery({
  queryKey: ['accounting', 'unbilled', caseId, from, to], enabled,
  queryFn: () => api<TUnbilledEntries>(`/api/accounting/unbilled/${caseId}?from=${from}&to=${to}`),
});

export function useCreateBill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBillCreate) => api<TBillDetail>('/api/bills', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useMoveBill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, ...body }: { id: string; action: BillAction; version: number; paidOn?: string }) =>
      api<TBillDetail>(`/api/bills/${id}/${action}`, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
