import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEngagement, TEngagementTemplate, TRetainerRequested } from '../../../core/api/engagement.ts';
import { api } from '../../lib/api.ts';
import { uploadFiles } from '../../lib/upload.ts';

// The engagement letter (issue 39): the firm's template (admins), a case's engagement (everyone), the
// retainer its letter asks for (super admins), and recording the signed letter (admins).

const TEMPLATE_KEY = ['settings', 'engagement-letter'] as const;
const engagementKey = (caseId: string) => ['cases', caseId, 'engagement'] as const;
const retainerKey = (caseId: string) => ['cases', caseId, 'engagement', 'retainer'] as const;

export const useEngagementTemplate = () =>
  useQuery({ queryKey: TEMPLATE_KEY, queryFn: () => api<TEngagementTemplate>('/api/settings/engagement-letter') });

export function useSaveEngagementTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { template: string; version: number }) => api<TEngagementTemplate>('/api/settings/engagement-letter', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(TEMPLATE_KEY, saved),
  });
}

export const useEngagement = (caseId: string) =>
  useQuery({ queryKey: engagementKey(caseId), queryFn: () => api<TEngagement>(`/api/cases/${caseId}/engagement`) });

export const useRetainerRequested = (caseId: string, enabled: boolean) =>
  useQuery({ queryKey: retainerKey(caseId), enabled, queryFn: () => api<TRetainerRequested>(`/api/cases/${caseId}/engagement/retainer`) });

export function useSaveRetainerRequested(caseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (retainerRequested: number | null) =>
      api<TRetainerRequested>(`/api/cases/${caseId}/engagement/retainer`, { method: 'PUT', body: { retainerRequested } }),
    onSuccess: (saved) => client.setQueryData(retainerKey(caseId), saved),
  });
}

export function useRecordSignedLetter(caseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, engagedOn }: { file: File; engagedOn: string }) =>
      uploadFiles<TEngagement>(`/api/cases/${caseId}/engagement/signed?engagedOn=${engagedOn}`, [file]),
    onSuccess: (saved) => client.setQueryData(engagementKey(caseId), saved),
  });
}
