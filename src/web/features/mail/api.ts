import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMailList, TMailMessage, TMailSettings, TMailSettingsBody, TMailTestResult } from '../../../core/api/mail.ts';
import { api } from '../../lib/api.ts';

// Settings → E-mail (issue 41): the SMTP server, Send test e-mail and Sent mail (admins).

const KEY = ['settings', 'email'] as const;

export function useMailSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => api<TMailSettings>('/api/settings/email') });
}

export function useSaveMailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMailSettingsBody) => api<TMailSettings>('/api/settings/email', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
}

export function useSendTestMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (to: string) => api<TMailTestResult>('/api/settings/email/test', { method: 'POST', body: { to } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['mail'] }),
  });
}

export function useSentMail(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['mail', 'list', page, pageSize],
    queryFn: () => api<TMailList>(`/api/mail?page=${page}&pageSize=${pageSize}`),
    placeholderData: keepPreviousData,
  });
}

export function useMailMessage(id: string | null) {
  return useQuery({
    queryKey: ['mail', 'message', id],
    queryFn: () => api<TMailMessage>(`/api/mail/${id}`),
    enabled: id !== null,
  });
}
