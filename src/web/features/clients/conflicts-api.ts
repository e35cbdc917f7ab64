import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCaseConflicts, TConflictCheck, TConflictQuery } from '../../../core/api/conflicts.ts';
import type { TParty } from '../../../core/api/parties.ts';
import type { TLawFirmListResponse } from '../../../core/api/attorneys.ts';
import type { TConflictDecision } from '../../../core/cases/conflict-status.ts';
import { api } from '../../lib/api.ts';
import { uploadFiles } from '../../lib/upload.ts';
import { attorneysKeys } from '../attorneys/query-keys.ts';

// Fetchers and hooks of a case's parties and conflict checks (issue 39).

const keys = {
  parties: (caseId: string) => ['clients-area', 'parties', caseId] as const,
  conflicts: (caseId: string) => ['clients-area', 'conflicts', caseId] as const,
};

export const useParties = (caseId: string) =>
  useQuery({ queryKey: keys.parties(caseId), queryFn: () => api<{ parties: TParty[] }>(`/api/cases/${caseId}/parties`) });
export const useCaseConflicts = (caseId: string) =>
  useQuery({ queryKey: keys.conflicts(caseId), queryFn: () => api<TCaseConflicts>(`/api/cases/${caseId}/conflict-checks`) });
export const useLawFirms = () => useQuery({
  queryKey: attorneysKeys.lawFirmPicker, queryFn: () => api<TLawFirmListResponse>('/api/law-firms'), staleTime: 60_000,
});

export function useInvalidateConflicts(caseId: string) {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: keys.parties(caseId) }), client.invalidateQueries({ queryKey: keys.conflicts(caseId) }),
  ]);
}

export interface PartyBody {
  role: TParty['role']; name?: string; kind: TParty['kind']; attorneyId: string | null; lawFirmId: string | null;
  claimNumber: string | null; notes: string;
}
export const addParty = (caseId: string, body: PartyBody) =>
  api<{ party: TParty; check: TConflictCheck }>(`/api/cases/${caseId}/parties`, { method: 'POST', body });
export const updateParty = (caseId: string, party: TParty, body: PartyBody) =>
  api<{ party: TParty; check: TConflictCheck | null }>(`/api/cases/${caseId}/parties/${party.id}`,
    { method: 'PUT', body: { ...body, version: party.version } });
export const removeParty = (caseId: string, partyId: string) => api<void>(`/api/cases/${caseId}/parties/${partyId}`, { method: 'DELETE' });

export const runCaseCheck = (caseId: string) => api<TConflictCheck>(`/api/cases/${caseId}/conflict-checks`, { method: 'POST' });
export const runIntakeCheck = (query: Partial<TConflictQuery>) => api<TConflictCheck>('/api/conflict-checks', { method: 'POST', body: query });

export async function decideCheck(checkId: string, body: { decision: TConflictDecision; reason: string; waiver: File | null }) {
  const waiver = body.waiver ? await uploadFiles<{ id: string }>('/api/conflict-waivers', [body.waiver]) : null;
  return api<TConflictCheck>(`/api/conflict-checks/${checkId}/decision`, {
    method: 'POST', body: { decision: body.decision, reason: body.reason, waiverId: waiver?.id ?? null },
  });
}
