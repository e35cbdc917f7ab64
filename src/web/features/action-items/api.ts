import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  TActionItem, TActionItemCreate, TActionItemEvent, TActionItemList, TActionItemUpdate, TAssignableUser,
} from '../../../core/api/action-items.ts';
import type { TProjectSearchResponse } from '../../../core/api/projects.ts';
import { api } from '../../lib/api.ts';
import { debugLog } from '../../lib/debug-log.ts';

/** null = every project (the dashboard). */
export const listKey = (projectId: string | null) => ['action-items', projectId ?? 'all'] as const;

export function useActionItems(projectId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: listKey(projectId),
    queryFn: () => api<TActionItemList>(projectId ? `/api/action-items?projectId=${projectId}` : '/api/action-items'),
    enabled,
    // Live updates keep a shown list current; a list shown again reloads, since changes made
    // while it was not subscribed were not heard.
    staleTime: 0,
  });
}

export function useAssignableUsers() {
  return useQuery({
    queryKey: ['action-items', 'assignable-users'],
    queryFn: async () => (await api<{ users: TAssignableUser[] }>('/api/action-items/assignable-users')).users,
    staleTime: 5 * 60_000,
  });
}

export const createActionItem = (body: TActionItemCreate) =>
  api<TActionItem>('/api/action-items', { method: 'POST', body });

export const updateActionItem = (id: string, body: TActionItemUpdate) =>
  api<TActionItem>(`/api/action-items/${id}`, { method: 'PATCH', body });

export const searchProjects = async (q: string) =>
  (await api<TProjectSearchResponse>(`/api/projects/search?q=${encodeURIComponent(q)}`)).projects;

/** Puts a saved item into every cached list that shows it, so the screen updates before the reload. */
export function storeItem(client: QueryClient, item: TActionItem) {
  for (const key of [listKey(item.project_id), listKey(null)]) {
    client.setQueryData<TActionItemList>(key, (old) => old && {
      ...old,
      items: old.items.some((i) => i.id === item.id)
        ? old.items.map((i) => (i.id === item.id ? item : i))
        : [...old.items, item],
    });
  }
}

/**
 * Live updates (SPEC §4): one EventSource per shown list. Insert and update reload the list;
 * delete removes the row. Changing the project closes the old stream (unsubscribe) and opens
 * a new one; EventSource reconnects by itself when the server restarts.
 */
export function useActionItemEvents(projectId: string | null, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const url = projectId ? `/api/action-items/events?projectId=${projectId}` : '/api/action-items/events';
    const source = new EventSource(url);
    const key = listKey(projectId);
    source.addEventListener('change', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as TActionItemEvent;
      if (event.op === 'delete') {
        client.setQueryData<TActionItemList>(key, (old) => old && { ...old, items: old.items.filter((i) => i.id !== event.id) });
      } else {
        void client.invalidateQueries({ queryKey: key, exact: true });
      }
    });
    let wasOpen = false;
    source.onopen = () => {
      // After a reconnect, changes made while away were missed: reload once.
      if (wasOpen) void client.invalidateQueries({ queryKey: key, exact: true });
      wasOpen = true;
    };
    source.onerror = () => debugLog('warn', 'action item live updates interrupted; reconnecting', url);
    return () => source.close();
  }, [client, projectId, enabled]);
}
