import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBillReminders, TReminderSettings } from '../../../core/api/reminders.ts';
import { api } from '../../lib/api.ts';

// Settings → Reminders (admins) and a bill's reminders (super admins) (issue 41).

const SETTINGS = ['settings', 'reminders'] as const;

export const useReminderSettings = () =>
  useQuery({ queryKey: SETTINGS, queryFn: () => api<TReminderSettings>('/api/settings/reminders') });

export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TReminderSettings) => api<TReminderSettings>('/api/settings/reminders', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(SETTINGS, saved),
  });
}

export const useBillReminders = (billId: string) =>
  useQuery({ queryKey: ['reminders', 'bill', billId], queryFn: () => api<TBillReminders>(`/api/bills/${billId}/reminders`) });
