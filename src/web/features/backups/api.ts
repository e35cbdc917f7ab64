import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBackup, TBackupList } from '../../../core/api/backups.ts';
import { api } from '../../lib/api.ts';

const KEY = ['backups'];
const POLL_MS = 1000;

/** The list, polled every second while a backup or restore runs. */
export function useBackups() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => api<TBackupList>('/api/backups'),
    refetchInterval: (q) => (q.state.data?.activity && !q.state.data.activity.finishedAt ? POLL_MS : false),
  });
}

export function useBackupAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'backup' } | { kind: 'upload'; file: File } | { kind: 'restore'; name: string; confirmation: string }) => {
      if (action.kind === 'backup') return api<unknown>('/api/backups', { method: 'POST' });
      if (action.kind === 'upload') return api<TBackup>('/api/backups/upload', { method: 'POST', file: action.file });
      return api<unknown>(`/api/backups/${action.name}/restore`, { method: 'POST', body: { confirmation: action.confirmation } });
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
