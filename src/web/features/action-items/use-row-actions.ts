import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { FORM_MESSAGES, withStatus, type UiStatus } from '../../../core/action-items.ts';
import type { TActionItem, TActionItemList, TActionItemUpdate } from '../../../core/api/action-items.ts';
import { todayUs } from '../../../core/smart-date.ts';
import { markQueued } from './calendar-api.ts';
import { ApiError } from '../../lib/transport.ts';
import { listKey, storeItem, updateActionItem } from './api.ts';
import { useToday } from '../../ui/today.ts';

const reason = (error: unknown) => (error instanceof ApiError ? ` ${error.message}` : '');

/**
 * One item's queue of in-place changes. Each PATCH waits for the one before and carries the
 * version that one returned, so a user's own quick changes (status, then archive) never
 * conflict with each other.
 */
interface Lane {
  tail: Promise<void>;
  /** The item as the server last confirmed it: what a failure puts back. */
  confirmed: TActionItem;
  /** Changes queued or in flight. */
  pending: number;
  /** A change failed: the ones queued after it were made on top of it and are dropped. */
  broken: boolean;
}

/**
 * The table's in-place changes (status, archive, assignee): shown at once, saved, and put back
 * with a message when the save fails (SPEC §4).
 */
export function useRowActions(projectId: string | null) {
  const client = useQueryClient();
  const today = useToday();
  const [message, setMessage] = useState<string | null>(null);
  const lanes = useRef(new Map<string, Lane>());

  const replace = useCallback((item: TActionItem) => {
    for (const key of [listKey(projectId), listKey(item.project_id), listKey(null)]) {
      client.setQueryData<TActionItemList>(key, (old) => old && {
        ...old, items: old.items.map((i) => (i.id === item.id ? item : i)),
      });
    }
  }, [client, projectId]);

  const save = useCallback((before: TActionItem, shown: TActionItem, body: Omit<TActionItemUpdate, 'version'>, failure: string) => {
    setMessage(null);
    replace(shown);
    let lane = lanes.current.get(before.id);
    if (!lane) {
      lane = { tail: Promise.resolve(), confirmed: before, pending: 0, broken: false };
      lanes.current.set(before.id, lane);
    }
    const own = lane;
    own.pending += 1;
    const run = async () => {
      try {
        if (own.broken) return;
        const saved = await updateActionItem(before.id, { ...body, version: own.confirmed.version });
        own.confirmed = saved;
        if (saved.calendarSync && body.archived === undefined) markQueued(saved.id);
        // Later queued changes are already on screen; the last answer shows the final state.
        if (own.pending === 1) storeItem(client, saved);
      } catch (error) {
        own.broken = true;
        replace(own.confirmed);
        setMessage(failure === FORM_MESSAGES.assigneeFailed ? failure : `${failure}${reason(error)}`);
        // Someone else changed it (409) or it is gone: show what the server has now.
        if (error instanceof ApiError && (error.code === 'EDIT_CONFLICT' || error.status === 404)) {
          void client.invalidateQueries({ queryKey: listKey(projectId), exact: true });
        }
      } finally {
        own.pending -= 1;
        if (own.pending === 0 && lanes.current.get(before.id) === own) lanes.current.delete(before.id);
      }
    };
    own.tail = own.tail.then(run);
  }, [client, projectId, replace]);

  const onStatus = useCallback((item: TActionItem, status: UiStatus) => {
    const shown = withStatus(item, status, today());
    save(item, shown, { status, dateCompleted: shown.dateCompleted || todayUs(today()) }, 'Failed to update status.');
  }, [save, today]);

  const onArchive = useCallback((item: TActionItem) => {
    save(item, { ...item, archived: !item.archived }, { archived: !item.archived },
      item.archived ? 'Failed to unarchive the action item.' : 'Failed to archive the action item.');
  }, [save]);

  const onAssign = useCallback((item: TActionItem, userId: string, userName: string) => {
    if (!userId || userId === item.assignee) return;
    save(item, { ...item, assignee: userId, assigneeName: userName }, { assignee: userId }, FORM_MESSAGES.assigneeFailed);
  }, [save]);

  return { onStatus, onArchive, onAssign, message, clearMessage: () => setMessage(null) };
}
