import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAttorney, TAttorneyBody, TAttorneyListResponse, TLawFirm, TLawFirmBody, TLawFirmListResponse,
} from '../../../core/api/attorneys.ts';
import { api } from '../../lib/api.ts';
import { attorneysKeys } from './query-keys.ts';

const qs = (params: Record<string, string | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** Attorneys with their law firm's name; q matches attorney, firm or e-mail. Also the case form's picker. */
export function useAttorneys(q = '', lawFirmId?: string) {
  return useQuery({
    queryKey: ['attorneys', q.trim(), lawFirmId ?? ''],
    queryFn: () => api<TAttorneyListResponse>(`/api/attorneys${qs({ q: q.trim(), lawFirmId })}`).then((r) => r.attorneys),
    placeholderData: keepPreviousData,
  });
}

export function useLawFirms(q = '') {
  return useQuery({
    queryKey: ['law-firms', q.trim()],
    queryFn: () => api<TLawFirmListResponse>(`/api/law-firms${qs({ q: q.trim() })}`).then((r) => r.lawFirms),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateFirmData() {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: attorneysKeys.attorneys }),
    client.invalidateQueries({ queryKey: attorneysKeys.lawFirms }),
  ]);
}

export function useSaveAttorney() {
  const invalidate = useInvalidateFirmData();
  return useMutation({
    mutationFn: ({ id, version, body }: { id?: string; version?: number; body: TAttorneyBody }) =>
      id
        ? api<TAttorney>(`/api/attorneys/${id}`, { method: 'PUT', body: { ...body, version } })
        : api<TAttorney>('/api/attorneys', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useSaveLawFirm() {
  const invalidate = useInvalidateFirmData();
  return useMutation({
    mutationFn: ({ id, version, body }: { id?: string; version?: number; body: TLawFirmBody }) =>
      id
        ? api<TLawFirm>(`/api/law-firms/${id}`, { method: 'PUT', body: { ...body, version } })
        : api<TLawFirm>('/api/law-firms', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteFirmRecord() {
  const invalidate = useInvalidateFirmData();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'attorney' | 'law-firm'; id: string }) =>
      api<void>(`/api/${kind === 'attorney' ? 'attorneys' : 'law-firms'}/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
