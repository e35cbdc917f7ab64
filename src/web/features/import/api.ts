import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TImport, TImportMapping, ZImportList } from '../../../core/api/import.ts';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { uploadFiles } from '../../lib/upload.ts';

// The import wizard's calls (src/core/api/import.ts). One import is read from the server; the
// wizard keeps only the mapping being corrected on its side.

export type TImportListItem = z.infer<typeof ZImportList>['imports'][number];

const LIST_KEY = ['imports'];
const POLL_MS = 1000;

export const importKey = (id: string) => ['imports', id];

/** Past imports, newest first; polled while one runs. */
export function useImports() {
  return useQuery({
    queryKey: LIST_KEY,
    queryFn: async () => (await api<{ imports: TImportListItem[] }>('/api/imports')).imports,
    refetchInterval: (q) => (q.state.data?.some((i) => i.status === 'running') ? POLL_MS : false),
  });
}

/** One import; polled every second while it runs (its progress). */
export function useImport(id: string) {
  return useQuery({
    queryKey: importKey(id),
    queryFn: () => api<TImport>(`/api/imports/${id}`),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? POLL_MS : false),
  });
}

export const uploadImport = (file: File, onProgress: (fraction: number) => void) =>
  uploadFiles<TImport>('/api/imports', [file], { onProgress });

export const saveMapping = (id: string, mapping: TImportMapping) =>
  api<TImport>(`/api/imports/${id}/mapping`, { method: 'PUT', body: mapping });

export const startDryRun = (id: string) => api<TImport>(`/api/imports/${id}/dry-run`, { method: 'POST' });

export const startImport = (id: string) => api<TImport>(`/api/imports/${id}/run`, { method: 'POST' });

/** Puts the server's answer in the cache (the wizard shows it) and refreshes the list. */
export function useKeepImport() {
  const client = useQueryClient();
  return (answer: TImport) => {
    client.setQueryData(importKey(answer.id), answer);
    void client.invalidateQueries({ queryKey: LIST_KEY, exact: true });
  };
}

export const TEMPLATE_URL = '/api/imports/template.csv';
