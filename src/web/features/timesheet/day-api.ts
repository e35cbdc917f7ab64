import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { TAcceptSuggestionBody, TDay } from '../../../core/api/timesheet.ts';
import type { TTimeEntry } from '../../../core/api/time-tracking.ts';
import { api } from '../../lib/api.ts';
import { newId } from '../../lib/new-id.ts';
import { afterBooking } from './timer-api.ts';

// The day's calendar as time (issue 25): GET /api/timesheet/day, POST /api/timesheet/day/accept.

export function useDay(date: string, userId: string) {
  return useQuery({
    queryKey: ['timesheet', 'day', date, userId],
    queryFn: () => api<TDay>(`/api/timesheet/day?date=${date}&userId=${userId}`),
  });
}

/** One entry id per suggestion, made in the browser: a second click (or a retry) books nothing twice. */
export function useAcceptSuggestion() {
  const client = useQueryClient();
  const ids = useRef(new Map<string, string>());
  return useMutation({
    mutationFn: (body: Omit<TAcceptSuggestionBody, 'entryId'>) => {
      let entryId = ids.current.get(body.source);
      if (!entryId) ids.current.set(body.source, (entryId = newId()));
      return api<{ entry: TTimeEntry }>('/api/timesheet/day/accept', { method: 'POST', body: { ...body, entryId } });
    },
    onSuccess: () => afterBooking(client),
  });
}
