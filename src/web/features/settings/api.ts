import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAddressLookupKeys, TAddressLookupSettings, TAddressLookupSettingsBody, TAddressLookupTestResult, TRadarEnvironment,
} from '../../../core/api/settings.ts';
import { api } from '../../lib/api.ts';
import { addressKeys } from '../address/query-keys.ts';

export function useAddressLookupSettings(enabled: boolean) {
  return useQuery({
    queryKey: ['settings', 'address-lookup'],
    queryFn: () => api<TAddressLookupSettings>('/api/settings/address-lookup'),
    enabled,
  });
}

/** The keys in clear: fetched only when the form is opened for editing, never cached. */
export const fetchAddressLookupKeys = () => api<TAddressLookupKeys>('/api/settings/address-lookup/keys');

export function useSaveAddressLookupSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddressLookupSettingsBody) =>
      api<TAddressLookupSettings>('/api/settings/address-lookup', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(['settings', 'address-lookup'], saved);
      return client.invalidateQueries({ queryKey: addressKeys.status });
    },
  });
}

export function useTestAddressLookup() {
  return useMutation({
    mutationFn: (body: { environment: TRadarEnvironment; publishableKey?: string }) =>
      api<TAddressLookupTestResult>('/api/settings/address-lookup/test', { method: 'POST', body }),
  });
}
