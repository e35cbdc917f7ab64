import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { FORM_MESSAGES, withStatus, type UiStatus } from '../../../core/action-items.ts';
import type { TActionItem, TActionItemList, TActionItemUpdate } from '../../../core/api/action-items.ts';
import { todayUs } from '../../../core/smart-date.ts';
import { ApiError } from '../../lib/api.ts';
import { listKey, storeItem, updateActionItem } from './api.ts';

const reason = (error: unknown) => (error instanceof ApiError ? ` ${error.message}` : '');

/**
 * The table's in-place changes (status, archive, assignee): shown at once, saved, and put back
 * with a message when the save fails (SPEC §4).
 */
export function useRowActions(projectId: string | null) {
  const client = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);

  const replace = useCallback((item: TActionItem) => {
    for (const key of [listKey(projectId), listKey(item.project_id), listKey(null)]) {
      client.setQueryData<TActionItemList>(key, (old) => old && {
        ...old, items: old.items.map((i) => (i.id === item.id ? item : i)),
      });
    }
  }, [client, projectId]);

  const save = useCallback(async (before: TActionItem, shown: TActionItem, body: TActionItemUpdate, failure: string) => {
    setMessage(null);
    replace(shown);
    try {
      storeItem(client, await updateActionItem(before.id, body));
    } catch (error) {
      replace(before);
      setMessage(failure === FORM_MESSAGES.assigneeFailed ? failure : `${failure}${reason(error)}`);
      // Someone else changed it (409) or it is gone: show what the server has now.
      if (error instanceof ApiError && (error.code === 'EDIT_CONFLICT' || error.status === 404)) {
        void client.invalidateQueries({ queryKey: listKey(projectId), exact: true });
      }
    }
  }, [client, projectId, replace]);

  const onStatus = useCallback((item: TActionItem, status: UiStatus) => {
    const shown = withStatus(item, status, new Date());
    void save(item, shown, { version: item.version, status, dateCompleted: shown.dateCompleted || todayUs(new Date()) },
      'Failed to update status.');
  }, [save]);

  const onArchive = useCallback((item: TActionItem) => {
    void save(item, { ...item, archived: !item.archived }, { version: item.version, archived: !item.archived },
      item.archived ? 'Failed to unarchive the action item.' : 'Failed to archive the action item.');
  }, [save]);

  const onAssign = useCallback((item: TActionItem, userId: string, userName: string) => {
    if (!userId || userId === item.assignee) return;
    void save(item, { ...item, assignee: userId, assigneeName: userName }, { version: item.version, assignee: userId },
      FORM_MESSAGES.assigneeFailed);
  }, [save]);

  return { onStatus, onArchive, onAssign, message, clearMessage: () => setMessage(null) };
}
