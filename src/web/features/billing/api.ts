import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBillCreate, TBillDetail, TBillList, TReceivables, TUnbilledEntries, TUnbilledList,
} from '../../../core/api/accounting.ts';
import type { AgeBucket, BillAction } from '../../../core/billing/billing.ts';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/transport.ts';
import { accountingKeys as keys } from './query-keys.ts';

// Fetchers of Accounting & Financials (super admins only; the API answers 403 to anyone else).

export { keys };

export const useUnbilled = (enabled: boolean) =>
  useQuery({ queryKey: ['accounting', 'unbilled'], enabled, queryFn: () => api<TUnbilledList>('/api/accounting/unbilled') });
export const useBills = (enabled: boolean) =>
  useQuery({ queryKey: ['accounting', 'bills'], enabled, queryFn: () => api<TBillList>('/api/bills') });
export const useReceivables = (bucket: AgeBucket | null, offset: number) => useQuery({
  queryKey: ['accounting', 'receivables', bucket, offset], placeholderData: keepPreviousData,
  queryFn: () => api<TReceivables>(`/api/accounting/receivables?offset=${offset}${bucket ? `&bucket=${bucket}` : ''}`),
});
export const useBill = (id: string | null) =>
  useQuery({ queryKey: keys.bill(id), enabled: !!id, queryFn: () => api<TBillDetail>(`/api/bills/${id}`) });
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

/**
 * A write that answers the bill (every bill route does): the answer is the bill on screen at once,
 * and every other accounting read (lists, receivables, retainers) is stale.
 */
export function useBillWrite<V>(send: (value: V) => Promise<TBillDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (bill) => client.setQueryData(keys.bill(bill.id), bill),
    // Someone else changed the bill (409): reload it; the forms keep what was typed.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: ['accounting', 'bill'] });
    },
    onSettled: () => client.invalidateQueries({ queryKey: keys.all, predicate: (q) => q.queryKey[1] !== 'bill' }),
  });
}

export const moveBill = ({ id, action, ...body }: { id: string; action: BillAction; version: number }) =>
  api<TBillDetail>(`/api/bills/${id}/${action}`, { method: 'POST', body });
