import { z } from 'zod';

export const ZDashboardSummary = z.object({
  myOpenActionItems: z.number().int(),
  myOverdueActionItems: z.number().int(),
  myHoursThisWeek: z.number(),
  activeCases: z.number().int(),
  draftClients: z.number().int(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;
