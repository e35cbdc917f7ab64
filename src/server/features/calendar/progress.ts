import type { TSyncEvent, TSyncStatus, TSyncSummary } from '../../../core/api/calendar.ts';
import type { AppContext } from '../../app.ts';
import { JOBS_CHANNEL, type JobNotice } from '../../jobs/queue.ts';
import { CALENDAR_QUEUE, CALENDAR_SUMMARY_CHANNEL } from './sync-worker.ts';

/** At most this often a process sends the queue's status to its browsers while the queue moves. */
const STATUS_EVERY_MS = 250;

/**
 * Live sync state on the action items stream (event `sync`): the queue's status after it
 * changes (from any instance: the runner's NOTIFYs), and each run's summary for the sync toast.
 */
export async function publishSyncProgress({ app, database, liveUpdates }: AppContext, status: () => Promise<TSyncStatus>) {
  let timer: NodeJS.Timeout | undefined;
  let last = 0;
  const send = (event: TSyncEvent) => liveUpdates.publishAll('sync', event);
  const publishStatus = () => {
    timer = undefined;
    last = Date.now();
    // A failed read (e.g. shutting down) only skips one update; the next change sends another.
    status().then((s) => send({ type: 'status', status: s })).catch(() => undefined);
  };
  const unlistenJobs = await database.listen(JOBS_CHANNEL, (payload) => {
    let notice: JobNotice;
    try {
      notice = JSON.parse(payload) as JobNotice;
    } catch {
      return;
    }
    if (notice.queue !== CALENDAR_QUEUE || timer) return;
    timer = setTimeout(publishStatus, Math.max(0, STATUS_EVERY_MS - (Date.now() - last)));
  });
  const unlistenSummary = await database.listen(CALENDAR_SUMMARY_CHANNEL, (payload) => {
    try {
      send({ type: 'summary', summary: JSON.parse(payload) as TSyncSummary });
    } catch {
      // not ours
    }
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await unlistenJobs();
    await unlistenSummary();
  });
}
