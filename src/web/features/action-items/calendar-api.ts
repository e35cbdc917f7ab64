import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TRemovalResult, TSyncEvent, TSyncStatus, TSyncSummary } from '../../../core/api/calendar.ts';
import { api } from '../../lib/api.ts';
import { actionItemsKeys } from './query-keys.ts';

const syncStatusKey = (projectId: string | null) => [...actionItemsKeys.calendarStatus, projectId ?? 'firm'] as const;

/**
 * The sync queue of one project (its card) or of the firm (the dashboard), and the connection, as
 * any signed-in user sees them; kept live by the action items stream of the same project.
 */
export function useSyncStatus(projectId: string | null) {
  return useQuery({
    queryKey: syncStatusKey(projectId),
    queryFn: () => api<TSyncStatus>(projectId ? `/api/calendar/status?projectId=${projectId}` : '/api/calendar/status'),
    staleTime: 30_000,
  });
}

export const clearFailed = (projectId: string | null) =>
  api<{ cleared: number }>('/api/calendar/clear', { method: 'POST', body: projectId ? { projectId } : {} });
export const removeFromCalendar = (id: string) => api<TRemovalResult>(`/api/action-items/${id}/calendar/remove`, { method: 'POST', body: {} });
export const unlinkFromCalendar = (id: string) => api<TRemovalResult>(`/api/action-items/${id}/calendar/unlink`, { method: 'POST', body: {} });

// Items this tab queued for sync: the summaries of their runs are this tab's to show (other
// people's changes do not pop up toasts here).
const queuedHere = new Set<string>();
export const markQueued = (id: string) => void queuedHere.add(id);

/** Sync now: its answer reports the run, so the same run's summary on the stream does not pop up a second toast. */
export async function syncNow(projectId: string | null) {
  const summary = await api<TSyncSummary>('/api/calendar/sync-now', { method: 'POST', body: projectId ? { projectId } : {} });
  for (const r of summary.results) if (r.outcome !== 'pending') queuedHere.delete(r.itemId);
  return summary;
}

type Listener = (summary: TSyncSummary) => void;
const listeners = new Set<Listener>();

/** Called for every `sync` event of a stream (one project's, or the firm's: the status is that stream's). */
export function handleSyncEvent(client: QueryClient, event: TSyncEvent, projectId: string | null) {
  if (event.type === 'status') {
    client.setQueryData(syncStatusKey(projectId), event.status);
    return;
  }
  const mine = event.summary.results.filter((r) => queuedHere.has(r.itemId));
  if (!mine.length) return;
  for (const r of mine) queuedHere.delete(r.itemId);
  const success = mine.filter((r) => r.outcome === 'success').length;
  const failed = mine.filter((r) => r.outcome === 'failed').length;
  const summary = { ...event.summary, total: success + failed, success, failed, results: mine };
  for (const listener of listeners) listener(summary);
}

/** Run summaries of this tab's changes (the sync toast). */
export function useSyncSummaries(listener: Listener) {
  useEffect(() => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [listener]);
}
