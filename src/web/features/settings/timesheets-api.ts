import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTimesheetSettings } from '../../../core/api/timesheet.ts';
import { api } from '../../lib/api.ts';
import { accountingKeys } from '../billing/query-keys.ts';
import { timesheetKeys } from '../timesheet/query-keys.ts';

// The firm's timesheet settings (issue 25): GET (everyone signed in) and PUT (admins) /api/settings/timesheets.

const KEY = ['settings', 'timesheets'] as const;

export function useTimesheetSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => api<TTimesheetSettings>('/api/settings/timesheets') });
}

export function useSaveTimesheetSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TTimesheetSettings) => api<TTimesheetSettings>('/api/settings/timesheets', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      // The week's first day and what may be billed change what these show.
      void client.invalidateQueries({ queryKey: timesheetKeys.all });
      void client.invalidateQueries({ queryKey: accountingKeys.all });
    },
  });
}
