import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCaseDetail, TCaseList, TClient, TClientDetail, TClientList, TClientSearch, TCustomRates, TCustomRatesUpdate, TDraft,
  TProject, TProjectDetail,
} from '../../../core/api/clients.ts';
import type { TAttorneyListResponse } from '../../../core/api/attorneys.ts';
import type { TRateCodeListResponse } from '../../../core/api/rate-codes.ts';
import type { TCaseFeeRules, TCaseFeeRulesUpdate } from '../../../core/api/fee-rules.ts';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/transport.ts';
import { attorneysKeys } from '../attorneys/query-keys.ts';
import { rateCodesKeys } from '../rate-codes/query-keys.ts';
import type { CaseForm, ClientForm, ProjectForm } from './forms.ts';
import { caseBody, clientBody, projectBody } from './forms.ts';

// Fetchers and query hooks of clients, cases and projects (one place for their URLs).

export const keys = {
  all: ['clients-area'] as const,
  clients: (offset: number) => ['clients-area', 'clients', offset] as const,
  clientSearch: (q: string) => ['clients-area', 'client-search', q] as const,
  caseSearch: (q: string) => ['clients-area', 'case-search', q] as const,
  drafts: ['clients-area', 'drafts'] as const,
  client: (id: string) => ['clients-area', 'client', id] as const,
  case: (id: string) => ['clients-area', 'case', id] as const,
  project: (id: string) => ['clients-area', 'project', id] as const,
  rates: (id: string) => ['clients-area', 'rates', id] as const,
  feeRules: (id: string) => ['clients-area', 'fee-rules', id] as const,
};

export const PAGE_SIZE = 50;

export const useClients = (offset: number) =>
  useQuery({ queryKey: keys.clients(offset), queryFn: () => api<TClientList>(`/api/clients?offset=${offset}&limit=${PAGE_SIZE}`) });
// A search keeps its last answer on screen while the next one comes (keepPreviousData): the rows do
// not vanish and come back at every keystroke, and a row being clicked stays where it is.
export const useClientSearch = (q: string) => useQuery({
  queryKey: keys.clientSearch(q), enabled: q.trim().length >= 2, placeholderData: keepPreviousData,
  queryFn: ({ signal }) => api<TClientSearch>(`/api/clients/search?q=${encodeURIComponent(q.trim())}`, { signal }),
});
export const useCaseSearch = (q: string) => useQuery({
  queryKey: keys.caseSearch(q), enabled: q.trim().length >= 2, placeholderData: keepPreviousData,
  queryFn: ({ signal }) => api<TCaseList>(`/api/cases?q=${encodeURIComponent(q.trim())}`, { signal }),
});
/** SPEC §4 case list: complete clients' cases, newest first. */
export const useRecentCases = (enabled: boolean) => useQuery({
  queryKey: ['clients-area', 'recent-cases'], enabled, queryFn: () => api<TCaseList>('/api/cases?limit=20'),
});
export const useDrafts = () => useQuery({ queryKey: keys.drafts, queryFn: () => api<{ drafts: TDraft[] }>('/api/clients/drafts') });
export const useClient = (id: string | null) => useQuery({
  queryKey: keys.client(id ?? ''), enabled: !!id, queryFn: () => api<TClientDetail>(`/api/clients/${id}`),
});
export const useCase = (id: string) => useQuery({ queryKey: keys.case(id), queryFn: () => api<TCaseDetail>(`/api/cases/${id}`) });
export const useProject = (id: string) =>
  useQuery({ queryKey: keys.project(id), queryFn: () => api<TProjectDetail>(`/api/projects/${id}`) });
export const useCustomRates = (id: string, enabled: boolean) =>
  useQuery({ queryKey: keys.rates(id), enabled, queryFn: () => api<TCustomRates>(`/api/cases/${id}/custom-rates`) });

export const useAttorneys = () => useQuery({
  queryKey: attorneysKeys.attorneyPicker, queryFn: () => api<TAttorneyListResponse>('/api/attorneys'), staleTime: 60_000,
});
export const useRateCodes = () => useQuery({
  queryKey: rateCodesKeys.picker, queryFn: () => api<TRateCodeListResponse>('/api/rate-codes'), staleTime: 60_000,
});

/** After any write of this area every cached read of it is stale. */
export function useInvalidateClients() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}

/** A 409 EDIT_CONFLICT means our copy is stale: reload it so the other person's version shows. */
export function isEditConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'EDIT_CONFLICT';
}

export const saveClient = (form: ClientForm, existing?: { id: string; version: number }) => existing
  ? api<TClient>(`/api/clients/${existing.id}`, { method: 'PUT', body: { ...clientBody(form), version: existing.version } })
  : api<TClient>('/api/clients', { method: 'POST', body: clientBody(form) });

/** A new case may bring its parties and the intake conflict check (issue 39). */
export interface CaseIntake { parties: { role: string; name: string }[]; conflictCheckId: string | null }
export const saveCase = (form: CaseForm, target: { clientId: string; intake?: CaseIntake } | { id: string; version: number }) => 'id' in target
  ? api<TCaseDetail>(`/api/cases/${target.id}`, { method: 'PUT', body: { ...caseBody(form), version: target.version } })
  : api<TCaseDetail>('/api/cases', { method: 'POST', body: { ...caseBody(form), clientId: target.clientId, ...target.intake } });

export const saveProject = (form: ProjectForm, target: { caseId: string } | { id: string; version: number }) => 'id' in target
  ? api<TProject>(`/api/projects/${target.id}`, { method: 'PUT', body: { ...projectBody(form), version: target.version } })
  : api<TProject>('/api/projects', { method: 'POST', body: { ...projectBody(form), caseId: target.caseId } });

export const completeClient = (id: string) => api<TClient>(`/api/clients/${id}/complete`, { method: 'POST' });
export const deleteClient = (id: string) => api<void>(`/api/clients/${id}`, { method: 'DELETE' });
export const makePrimary = (id: string) => api<TProject>(`/api/projects/${id}/primary`, { method: 'POST' });
export const deleteCase = (id: string) => api<void>(`/api/cases/${id}`, { method: 'DELETE' });
export const deleteProject = (id: string) => api<void>(`/api/projects/${id}`, { method: 'DELETE' });
export const saveCustomRates = (caseId: string, body: TCustomRatesUpdate) =>
  api<TCustomRates>(`/api/cases/${caseId}/custom-rates`, { method: 'PUT', body });

/** A case's own fee rules beside its rate code's (money: super admins only, docs/decisions/138). */
export const useCaseFeeRules = (id: string) =>
  useQuery({ queryKey: keys.feeRules(id), queryFn: () => api<TCaseFeeRules>(`/api/cases/${id}/fee-rules`) });

export function useSaveCaseFeeRules(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCaseFeeRulesUpdate) => api<TCaseFeeRules>(`/api/cases/${id}/fee-rules`, { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(keys.feeRules(id), saved),
  });
}
