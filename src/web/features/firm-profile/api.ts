import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFirmProfile, TFirmProfileBody, TSignatureStatus } from '../../../core/api/firm-profile.ts';
import { api } from '../../lib/api.ts';
import { uploadFiles } from '../../lib/upload.ts';
import { firmProfileKeys } from './query-keys.ts';

const PROFILE_KEY = firmProfileKeys.profile;
const SIGNATURE_KEY = firmProfileKeys.signature;

export const useFirmProfile = () => useQuery({ queryKey: PROFILE_KEY, queryFn: () => api<TFirmProfile>('/api/settings/firm-profile') });

export function useSaveFirmProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TFirmProfileBody) => api<TFirmProfile>('/api/settings/firm-profile', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(PROFILE_KEY, saved),
  });
}

export function useLogo() {
  const client = useQueryClient();
  const done = (saved: TFirmProfile) => client.setQueryData(PROFILE_KEY, saved);
  return {
    upload: useMutation({
      mutationFn: (file: File) => uploadFiles<TFirmProfile>('/api/settings/firm-profile/logo', [file], { method: 'PUT' }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: () => api<TFirmProfile>('/api/settings/firm-profile/logo', { method: 'DELETE' }),
      onSuccess: done,
    }),
  };
}

export const useSignatureStatus = () => useQuery({ queryKey: SIGNATURE_KEY, queryFn: () => api<TSignatureStatus>('/api/me/signature') });

export function useSignature() {
  const client = useQueryClient();
  const done = (saved: TSignatureStatus) => client.setQueryData(SIGNATURE_KEY, saved);
  return {
    upload: useMutation({
      mutationFn: (file: Blob) => uploadFiles<TSignatureStatus>('/api/me/signature', [file], { method: 'PUT' }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: () => api<TSignatureStatus>('/api/me/signature', { method: 'DELETE' }),
      onSuccess: done,
    }),
  };
}
