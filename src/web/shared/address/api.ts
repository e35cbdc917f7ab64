import type {
  TAddressLookupStatus, TAutocompleteResponse, TPlaceResponse,
} from '../../../core/api/address.ts';
import { api } from '../../lib/api.ts';

/** Address suggestions through the server's proxy (the publishable key never reaches the browser). */
export function fetchSuggestions(query: string, options: { country?: string; limit?: number; signal?: AbortSignal } = {}) {
  const params = new URLSearchParams({ query });
  if (options.country) params.set('country', options.country);
  if (options.limit) params.set('limit', String(options.limit));
  return api<TAutocompleteResponse>(`/api/address/autocomplete?${params}`, { signal: options.signal });
}

export function fetchPlace(placeId: string, signal?: AbortSignal) {
  return api<TPlaceResponse>(`/api/address/place?${new URLSearchParams({ placeId })}`, { signal });
}

export function fetchLookupStatus() {
  return api<TAddressLookupStatus>('/api/address/status');
}
