import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  TActionItem, TActionItemCreate, TActionItemEvent, TActionItemList, TActionItemUpdate, TAssignableUser,
} from '../../../core/api/action-items.ts';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/transport.ts';
import { debugLog } from '../../lib/debug-log.ts';
import type { TSyncEvent } from '../../../core/api/calendar.ts';
import { handleSyncEvent } from './calendar-api.ts';

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

const createActionItem = (body: TActionItemCreate) =>
  api<TActionItem>('/api/action-items', { method: 'POST', body });

/**
 * Creates the item with the browser's id. A Save whose answer was lost (the connection dropped
 * after the server stored it) is met on retry by 'This action item already exists.' for that very
 * id: the item is ours, so the form's values are saved over it instead of refusing the user forever.
 */
export async function createActionItemOnce(body: TActionItemCreate & { id: string }): Promise<TActionItem> {
  try {
    return await createActionItem(body);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'DUPLICATE_RECORD')) throw error;
    const landed = await getActionItem(body.id).catch(() => null);
    if (!landed) throw error;
    const { id: _id, projectId: _project, ...fields } = body;
    return updateActionItem(landed.id, { ...fields, version: landed.version });
  }
}

export const updateActionItem = (id: string, body: TActionItemUpdate) =>
  api<TActionItem>(`/api/action-items/${id}`, { method: 'PATCH', body });

export const getActionItem = (id: string) => api<TActionItem>(`/api/action-items/${id}`);

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

/** Waits before reopening a stream the browser gave up on: 1 s, 2 s, 4 s ... at most 30 s. */
const reopenDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * Live updates (SPEC §4): one EventSource per shown list. Insert and update reload the list;
 * delete removes the row. Every open reloads the list once: the first, because a change made
 * between the list load and the stream opening was not heard; later ones, because changes
 * made while disconnected were missed. EventSource reconnects by itself after a network drop,
 * but gives up for good on some answers (a 401 after the session lapsed, a 5xx from a proxy):
 * then a new stream is opened with backoff. Changing the project closes the old stream.
 */
export function useActionItemEvents(projectId: string | null, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const url = projectId ? `/api/action-items/events?projectId=${projectId}` : '/api/action-items/events';
    const key = listKey(projectId);
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const open = () => {
      const current = new EventSource(url);
      source = current;
      current.addEventListener('change', (message) => {
        const event = JSON.parse((message as MessageEvent<string>).data) as TActionItemEvent;
        if (event.op === 'delete') {
          client.setQueryData<TActionItemList>(key, (old) => old && { ...old, items: old.items.filter((i) => i.id !== event.id) });
        } else {
          void client.invalidateQueries({ queryKey: key, exact: true });
        }
      });
      // The calendar queue's status and run summaries ride on the same stream.
      current.addEventListener('sync', (message) => {
        handleSyncEvent(client, JSON.parse((message as MessageEvent<string>).data) as TSyncEvent, projectId);
      });
      current.onopen = () => {
        attempt = 0;
        void client.invalidateQueries({ queryKey: key, exact: true });
      };
      current.onerror = () => {
        if (stopped || current.readyState !== EventSource.CLOSED) {
          debugLog('warn', 'action item live updates interrupted; reconnecting', url);
          return;
        }
        const delay = reopenDelay(attempt++);
        debugLog('warn', `action item live updates closed; reopening in ${delay} ms`, url);
        current.close();
        timer = setTimeout(() => !stopped && open(), delay);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [client, projectId, enabled]);
}
