import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TRateCodeCreateBody, TRateCodeItemCreateBody, TRateCodeItemUpdateBody, TRateCodeListResponse, TRateCodeResponse,
  TRateCodeUpdateBody,
} from '../../../core/api/rate-codes.ts';
import type { TRateChangeCreate, TRateCodeFeeRulesUpdate } from '../../../core/api/fee-rules.ts';
import { api } from '../../lib/api.ts';
import { rateCodesKeys } from './query-keys.ts';

/** All rate codes with their items; rates only in the super admin's answer (ratesVisible). */
export function useRateCodes() {
  return useQuery({ queryKey: rateCodesKeys.all, queryFn: () => api<TRateCodeListResponse>('/api/rate-codes') });
}

/** Every rate-code write answers with the code; the list is refreshed after it. */
function useRateCodeMutation<V>(fn: (vars: V) => Promise<TRateCodeResponse | void>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: rateCodesKeys.all }) });
}

export const useCreateRateCode = () =>
  useRateCodeMutation((body: TRateCodeCreateBody) => api<TRateCodeResponse>('/api/rate-codes', { method: 'POST', body }));

export const useUpdateRateCode = () =>
  useRateCodeMutation(({ id, body }: { id: string; body: TRateCodeUpdateBody }) =>
    api<TRateCodeResponse>(`/api/rate-codes/${id}`, { method: 'PUT', body }));

export const useDeleteRateCode = () =>
  useRateCodeMutation((id: string) => api<void>(`/api/rate-codes/${id}`, { method: 'DELETE' }));

export const useAddRateCodeItem = () =>
  useRateCodeMutation(({ id, body }: { id: string; body: TRateCodeItemCreateBody }) =>
    api<TRateCodeResponse>(`/api/rate-codes/${id}/items`, { method: 'POST', body }));

export const useUpdateRateCodeItem = () =>
  useRateCodeMutation(({ id, itemId, body }: { id: string; itemId: string; body: TRateCodeItemUpdateBody }) =>
    api<TRateCodeResponse>(`/api/rate-codes/${id}/items/${itemId}`, { method: 'PUT', body }));

export const useDeleteRateCodeItem = () =>
  useRateCodeMutation(({ id, itemId }: { id: string; itemId: string }) =>
    api<void>(`/api/rate-codes/${id}/items/${itemId}`, { method: 'DELETE' }));

/** Fee rules are money: only a super admin's screen calls this (docs/decisions/138). */
export const useSaveFeeRules = () =>
  useRateCodeMutation(({ id, body }: { id: string; body: TRateCodeFeeRulesUpdate }) =>
    api<TRateCodeResponse>(`/api/rate-codes/${id}/fee-rules`, { method: 'PUT', body }));

export const useAddRateChange = () =>
  useRateCodeMutation(({ id, itemId, body }: { id: string; itemId: string; body: TRateChangeCreate }) =>
    api<TRateCodeResponse>(`/api/rate-codes/${id}/items/${itemId}/rates`, { method: 'POST', body }));

/** Removes a rate change: unbilled entries from its date on take the rate in force without it; billed ones keep theirs. */
export const useDeleteRateChange = () =>
  useRateCodeMutation(({ id, itemId, rateId }: { id: string; itemId: string; rateId: string }) =>
    api<TRateCodeResponse>(`/api/rate-codes/${id}/items/${itemId}/rates/${rateId}`, { method: 'DELETE' }));
