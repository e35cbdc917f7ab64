import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCalendarConnection, TCalendarTestResult } from '../../../core/api/calendar.ts';
import { api } from '../../lib/api.ts';
import { actionItemsKeys } from '../action-items/query-keys.ts';

const key = ['settings', 'calendar'] as const;
/** The client id's and the client secret's saves: a test waits for them (useCalendarSaving). */
const saveKey = ['settings', 'calendar', 'save'] as const;

export function useCalendarConnection() {
  return useQuery({ queryKey: key, queryFn: () => api<TCalendarConnection>('/api/calendar/connection') });
}

/** The provider's authorisation address for this session (Connect sends the browser there). */
export const startCalendarConnect = async () => (await api<{ url: string }>('/api/calendar/connect', { method: 'POST', body: {} })).url;

function useConnectionMutation<V>(fn: (v: V) => Promise<TCalendarConnection>, mutationKey?: readonly string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: fn,
    onSuccess: (status) => {
      client.setQueryData(key, status);
      return client.invalidateQueries({ queryKey: actionItemsKeys.calendarStatus });
    },
  });
}

export const useFinishCalendarConnect = () => useConnectionMutation((body: { code: string; state: string }) =>
  api<TCalendarConnection>('/api/calendar/oauth/callback', { method: 'POST', body }));

/** Saving the client id touches integration_settings: the address-lookup form re-reads the version it saves against. */
export function useSaveClientId() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: saveKey,
    mutationFn: (clientId: string) => api<TCalendarConnection>('/api/calendar/client-id', { method: 'PUT', body: { clientId } }),
    onSuccess: (status) => {
      client.setQueryData(key, status);
      return Promise.all([
        client.invalidateQueries({ queryKey: actionItemsKeys.calendarStatus }),
        client.invalidateQueries({ queryKey: ['settings', 'address-lookup'] }),
      ]);
    },
  });
}

/** The client secret goes in and never comes back: the answer says only whether one is set. */
export const useSaveClientSecret = () => useConnectionMutation((clientSecret: string) =>
  api<TCalendarConnection>('/api/calendar/client-secret', { method: 'PUT', body: { clientSecret } }), saveKey);

/** A client id or secret is being saved: Test connection would test the one before it. */
export const useCalendarSaving = () => useIsMutating({ mutationKey: saveKey }) > 0;

export const useDisconnectCalendar = () => useConnectionMutation(() =>
  api<TCalendarConnection>('/api/calendar/disconnect', { method: 'POST', body: {} }));

export function useTestCalendar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TCalendarTestResult>('/api/calendar/test', { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
