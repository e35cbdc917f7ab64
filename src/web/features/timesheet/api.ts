import type {
  TApprovals, TTimesheet, TTimesheetRowBody, TWeekActionBody, TWeekDecisionBody, TWeekState,
} from '../../../core/api/timesheet.ts';
import type { TAssignableUser } from '../../../core/api/action-items.ts';
import { api } from '../../lib/api.ts';

// The weekly timesheet's calls (src/core/api/timesheet.ts). Cells save through the time entries'
// own PUT and DELETE (cell-store.ts).

const query = (params: Record<string, string | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const loadTimesheet = (week: string | null, userId: string | null) =>
  api<TTimesheet>(`/api/timesheet${query({ week, userId })}`);

export const addSheetRow = (body: TTimesheetRowBody) => api<void>('/api/timesheet/rows', { method: 'POST', body });
export const removeSheetRow = (body: TTimesheetRowBody) => api<void>('/api/timesheet/rows', { method: 'DELETE', body });

export const copyLastWeek = (body: { userId?: string; weekStart: string }) =>
  api<{ added: number }>('/api/timesheet/copy-last-week', { method: 'POST', body });

export const loadJobTitles = (projectId: string) =>
  api<{ jobTitles: string[] }>(`/api/timesheet/job-titles${query({ projectId })}`).then((r) => r.jobTitles);

export type WeekAction = 'submit' | 'withdraw' | 'approve' | 'reject' | 'reopen';
export const weekAction = (action: WeekAction, body: TWeekActionBody | TWeekDecisionBody) =>
  api<TWeekState>(`/api/timesheet/weeks/${action}`, { method: 'POST', body });

export const loadApprovals = (week: string | null) => api<TApprovals>(`/api/timesheet/approvals${query({ week })}`);

/** The staff an approver may open a week of (the same list action items assign to). */
export const loadPeople = () =>
  api<{ users: TAssignableUser[] }>('/api/action-items/assignable-users').then((r) => r.users);
