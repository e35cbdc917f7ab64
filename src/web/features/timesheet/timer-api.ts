import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { TTimeEntry } from '../../../core/api/time-tracking.ts';
import type { TTimerStartBody, TTimerState, TTimerStopResult } from '../../../core/api/timesheet.ts';
import { api } from '../../lib/api.ts';
import { newId } from '../../lib/new-id.ts';
import { dashboardKeys } from '../dashboard/query-keys.ts';
import { timesheetKeys } from './query-keys.ts';

// The timer's calls (issue 25): GET /api/timer, POST /api/timer/start and /stop, DELETE /api/timer.

export const TIMER_KEY = ['timer'] as const;

/** The answer and when it came: the clock runs from the server's time, whatever the computer's. */
export type TimerAnswer = TTimerState & { receivedAt: number };

/** The person's running timer, kept on the server (it survives a reload and a change of computer). */
export function useTimer() {
  return useQuery({
    queryKey: TIMER_KEY,
    queryFn: async (): Promise<TimerAnswer> => ({ ...(await api<TTimerState>('/api/timer')), receivedAt: Date.now() }),
  });
}

/** Milliseconds the timer has run at `now` (the browser's clock, read only as a difference). */
export function elapsedMs(answer: TimerAnswer, now: number): number {
  if (!answer.timer) return 0;
  return Math.max(0, Date.parse(answer.serverNow) - Date.parse(answer.timer.startedAt) + (now - answer.receivedAt));
}

/** 'H:MM:SS'. */
export function clockText(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** The job titles of a project's rate code, by name (the timer's and the day view's). */
export function useJobTitles(projectId: string | null, given?: readonly string[]) {
  return useQuery({
    queryKey: ['timesheet', 'job-titles', projectId],
    enabled: projectId !== null && !given,
    staleTime: 60_000,
    queryFn: async () => (await api<{ jobTitles: string[] }>(`/api/timesheet/job-titles?projectId=${projectId}`)).jobTitles,
  });
}

/** What a booked entry changes: the timesheet and the dashboard's hours. */
export function afterBooking(client: QueryClient) {
  void client.invalidateQueries({ queryKey: timesheetKeys.all });
  void client.invalidateQueries({ queryKey: dashboardKeys.all });
}

export function useStartTimer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TTimerStartBody) => api<TTimerState>('/api/timer/start', { method: 'POST', body }),
    onSuccess: (state) => client.setQueryData<TimerAnswer>(TIMER_KEY, { ...state, receivedAt: Date.now() }),
  });
}

/**
 * Stop: one browser-made entry id per stop, kept through a retry and through the day asked for
 * after midnight, so the server books a timer once whatever happens on the way.
 */
export function useStopTimer(onBooked: (entry: TTimeEntry) => void) {
  const client = useQueryClient();
  const entryId = useRef(newId());
  return useMutation({
    mutationFn: (day?: string) =>
      api<TTimerStopResult>('/api/timer/stop', { method: 'POST', body: { entryId: entryId.current, ...(day ? { day } : {}) } }),
    onSuccess: (result) => {
      if (result.status !== 'booked') return;
      entryId.current = newId();
      onBooked(result.entry);
      client.setQueryData<TimerAnswer>(TIMER_KEY, (old) => old && { ...old, timer: null });
      afterBooking(client);
    },
  });
}

export function useDiscardTimer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/timer', { method: 'DELETE' }),
    onSuccess: () => client.setQueryData<TimerAnswer>(TIMER_KEY, (old) => old && { ...old, timer: null }),
  });
}
