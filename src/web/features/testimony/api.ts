import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBillDetail } from '../../../core/api/accounting.ts';
import type { TCancellation, TCancellationCreate, TCaseCancellations } from '../../../core/api/fee-rules.ts';
import type { TCaseTestimony, TFeeHistory, TRule26, TTestimony, TTestimonyInput } from '../../../core/api/testimony.ts';
import { api } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import type { TLawFirmListResponse } from '../../../core/api/attorneys.ts';
import { attorneysKeys } from '../attorneys/query-keys.ts';

// Fetchers and hooks of testimony (issue 40): a case's events, the Rule 26 list and its files, the fee history.

const keys = {
  all: ['testimony'] as const,
  case: (caseId: string) => ['testimony', 'case', caseId] as const,
  experts: ['testimony', 'experts'] as const,
  rule26: (expertId: string, asOf: string) => ['testimony', 'rule26', expertId, asOf] as const,
  fees: (expertId: string) => ['testimony', 'fees', expertId] as const,
  cancellations: (caseId: string) => ['testimony', 'cancellations', caseId] as const,
};

export const useCaseTestimony = (caseId: string) =>
  useQuery({ queryKey: keys.case(caseId), queryFn: () => api<TCaseTestimony>(`/api/cases/${caseId}/testimony`) });
export const useExperts = () =>
  useQuery({ queryKey: keys.experts, queryFn: () => api<{ experts: { id: string; name: string }[] }>('/api/testimony/experts'), staleTime: 60_000 });

const rule26Query = (expertId: string, asOf: string) => new URLSearchParams({ expertId, asOf }).toString();
export const useRule26 = (expertId: string | null, asOf: string | null) => useQuery({
  queryKey: keys.rule26(expertId ?? '', asOf ?? ''), enabled: Boolean(expertId && asOf),
  queryFn: () => api<TRule26>(`/api/testimony/rule26?${rule26Query(expertId!, asOf!)}`),
});
export const downloadRule26 = (expertId: string, asOf: string, ext: 'pdf' | 'csv' | 'docx') =>
  downloadFile(`/api/testimony/rule26.${ext}?${rule26Query(expertId, asOf)}`, `Rule26.${ext}`);

export const useFeeHistory = (expertId: string | null, enabled: boolean) => useQuery({
  queryKey: keys.fees(expertId ?? ''), enabled: enabled && Boolean(expertId),
  queryFn: () => api<TFeeHistory>(`/api/testimony/fee-history?expertId=${expertId}`),
});
export const downloadFeeHistory = (expertId: string) => downloadFile(`/api/testimony/fee-history.pdf?expertId=${expertId}`, 'DepositionFees.pdf');

export function useInvalidateTestimony() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}

export const saveTestimony = (id: string, body: TTestimonyInput) => api<TTestimony>(`/api/testimony/${id}`, { method: 'PUT', body });
export const deleteTestimony = (id: string) => api<void>(`/api/testimony/${id}`, { method: 'DELETE' });
export const setConsultingOnly = (caseId: string, consultingOnly: boolean) =>
  api<TCaseTestimony>(`/api/cases/${caseId}/consulting-only`, { method: 'PUT', body: { consultingOnly } });
export const billDeposingSide = (testimonyId: string, billId: string) =>
  api<TBillDetail>(`/api/testimony/${testimonyId}/bill`, { method: 'POST', body: { billId } });

export const useLawFirms = () => useQuery({
  queryKey: attorneysKeys.lawFirmPicker, queryFn: () => api<TLawFirmListResponse>('/api/law-firms'), staleTime: 60_000,
});
export const downloadPayerStatement = (testimonyId: string, from: string, to: string) =>
  downloadFile(`/api/testimony/${testimonyId}/statement.pdf?${new URLSearchParams({ from, to })}`, 'Statement.pdf');

// A case's cancelled events (issue 40, docs/decisions/139): admins record and list them; the fee is a super admin's.
export const useCaseCancellations = (caseId: string, enabled: boolean) => useQuery({
  queryKey: keys.cancellations(caseId), enabled,
  queryFn: () => api<TCaseCancellations>(`/api/cases/${caseId}/cancellations`),
});
export const recordCancellation = (caseId: string, body: TCancellationCreate) =>
  api<TCancellation>(`/api/cases/${caseId}/cancellations`, { method: 'POST', body });
