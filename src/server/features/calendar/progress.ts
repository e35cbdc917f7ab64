import type { TSyncStatus, TSyncSummary } from '../../../core/api/calendar.ts';
import type { AppContext } from '../../app-context.ts';
import { JOBS_CHANNEL, type JobNotice } from '../../jobs/queue.ts';
import { CALENDAR_QUEUE, CALENDAR_SUMMARY_CHANNEL } from './sync-worker.ts';

/** At most this often a process sends the queue's status to its browsers while the queue moves. */
const STATUS_EVERY_MS = 250;

/**
 * Live sync state on the action items stream (event `sync`): the queue's status after it
 * changes (from any instance: the runner's NOTIFYs), each stream getting its own project's
 * (the firm's on the dashboard's stream), and each run's summary for the sync toast.
 */
export async function publishSyncProgress(
  { app, database, liveUpdates }: AppContext,
  statuses: () => Promise<{ firm: TSyncStatus; project: (id: string) => TSyncStatus }>,
) {
  let timer: NodeJS.Timeout | undefined;
  let last = 0;
  const publishStatus = () => {
    timer = undefined;
    last = Date.now();
    // A failed read (e.g. shutting down) only skips one update; the next change sends another.
    statuses().then((s) => liveUpdates.publishEach('sync', (topic) => ({ type: 'status', status: topic ? s.project(topic) : s.firm })))
      .catch(() => undefined);
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
      liveUpdates.publishAll('sync', { type: 'summary', summary: JSON.parse(payload) as TSyncSummary });
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
