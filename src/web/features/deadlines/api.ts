import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAssignableUsers, TCaseDeadlines, TChainTemplate, TChainTemplateInput, TDeadline, TDeadlineInput, TDeadlineReminders, TReminderSettings,
  TUpcomingDeadlines,
} from '../../../core/api/deadlines.ts';
import { api } from '../../lib/api.ts';

// Case deadlines, chains, their reminders and Settings → Deadlines (issue 41, docs/decisions/132, 133).

const keys = {
  all: ['deadlines'] as const,
  case: (caseId: string) => ['deadlines', 'case', caseId] as const,
  upcoming: ['deadlines', 'upcoming'] as const,
  reminders: ['deadlines', 'reminders'] as const,
  templates: ['deadlines', 'templates'] as const,
  settings: ['deadlines', 'settings'] as const,
  people: ['deadlines', 'people'] as const,
};

export const useCaseDeadlines = (caseId: string) =>
  useQuery({ queryKey: keys.case(caseId), queryFn: () => api<TCaseDeadlines>(`/api/cases/${caseId}/deadlines`) });

export const useUpcomingDeadlines = () =>
  useQuery({ queryKey: keys.upcoming, queryFn: () => api<TUpcomingDeadlines>('/api/deadlines/upcoming') });

export const useDeadlineReminders = () =>
  useQuery({ queryKey: keys.reminders, queryFn: () => api<TDeadlineReminders>('/api/deadlines/reminders') });

export const useAssignableUsers = () =>
  useQuery({ queryKey: keys.people, queryFn: () => api<TAssignableUsers>('/api/deadlines/assignable-users'), staleTime: 60_000 });

export const useChainTemplates = () =>
  useQuery({ queryKey: keys.templates, queryFn: () => api<{ templates: TChainTemplate[] }>('/api/deadline-templates') });

export const useReminderSettings = () =>
  useQuery({ queryKey: keys.settings, queryFn: () => api<TReminderSettings>('/api/settings/deadlines') });

/** A write on a case's deadlines: its answer is the case's list, and the dashboard's reads are refreshed. */
export function useCaseDeadlineWrite(caseId: string) {
  const client = useQueryClient();
  return async (write: () => Promise<TCaseDeadlines>) => {
    const answer = await write();
    client.setQueryData(keys.case(caseId), answer);
    void client.invalidateQueries({ queryKey: keys.upcoming });
    void client.invalidateQueries({ queryKey: keys.reminders });
    return answer;
  };
}

export const addDeadline = (caseId: string, body: TDeadlineInput) =>
  api<TCaseDeadlines>(`/api/cases/${caseId}/deadlines`, { method: 'POST', body });
export const updateDeadline = (d: TDeadline, body: TDeadlineInput) =>
  api<TCaseDeadlines>(`/api/deadlines/${d.id}`, { method: 'PUT', body: { ...body, version: d.version } });
export const followChain = (d: TDeadline) =>
  api<TCaseDeadlines>(`/api/deadlines/${d.id}/follow-chain`, { method: 'POST', body: { version: d.version } });
export const removeDeadline = (id: string) => api<TCaseDeadlines>(`/api/deadlines/${id}`, { method: 'DELETE' });
export const applyChain = (caseId: string, body: { templateId: string; triggerDate: string; assigneeId: string | null }) =>
  api<TCaseDeadlines>(`/api/cases/${caseId}/deadline-chains`, { method: 'POST', body });
export const moveTrigger = (chainId: string, body: { triggerDate: string; version: number }) =>
  api<TCaseDeadlines>(`/api/deadline-chains/${chainId}`, { method: 'PUT', body });
export const removeChain = (chainId: string) => api<TCaseDeadlines>(`/api/deadline-chains/${chainId}`, { method: 'DELETE' });

export function useDismissReminder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/deadlines/reminders/${id}/dismiss`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.reminders }),
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ template, body }: { template: TChainTemplate | null; body: TChainTemplateInput }) => (template
      ? api<TChainTemplate>(`/api/deadline-templates/${template.id}`, { method: 'PUT', body: { ...body, version: template.version } })
      : api<TChainTemplate>('/api/deadline-templates', { method: 'POST', body })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.templates }),
  });
}

export function useRemoveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/deadline-templates/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.templates }),
  });
}

export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { reminderDays: number[]; version: number }) => api<TReminderSettings>('/api/settings/deadlines', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(keys.settings, saved),
  });
}
