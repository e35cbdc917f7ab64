import { z } from 'zod';

const ZDueItem = z.object({
  id: z.string(),
  title: z.string(),
  dueDate: z.string(),
  projectId: z.string(),
  projectLabel: z.string(),
});
export type TDueItem = z.infer<typeof ZDueItem>;

export const ZDashboardSummary = z.object({
  myOpenActionItems: z.number().int(),
  myOverdueActionItems: z.number().int(),
  myHoursThisWeek: z.number(),
  activeCases: z.number().int(),
  draftClients: z.number().int(),
  /** Issue 11: the signed-in user's open items by due date (at most 10 each), oldest first. */
  overdueItems: z.array(ZDueItem),
  todayItems: z.array(ZDueItem),
  thisWeekItems: z.array(ZDueItem),
  myHoursLastWeek: z.number(),
  /** Projects the user logged time on lately, most recent first. */
  recentProjects: z.array(z.object({ id: z.string(), label: z.string(), lastDate: z.string() })),
  /** Issue 25: the first day of last week while it is not submitted ('Your week of … is not submitted'), else null. */
  unsubmittedWeek: z.string().nullable(),
  /** Approvers only: submitted weeks waiting for a decision; null for everyone else. */
  approvalsWaiting: z.number().int().nullable(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;

/** Super admins only: the firm's unbilled value and what issued bills still owe. */
export const ZDashboardMoney = z.object({
  unbilledValue: z.number(),
  receivables: z.number(),
  /** What open bills past their due date still owe, and how many they are (issue 38). */
  overdue: z.number(),
  overdueBills: z.number().int(),
});
export type TDashboardMoney = z.infer<typeof ZDashboardMoney>;
