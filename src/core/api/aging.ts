import { z } from 'zod';

/** GET /api/accounting/receivables/by-client (.csv, .pdf): A/R aging by client on the firm's today (issue 38). */
const ZBuckets = z.object({ current: z.number(), '1-30': z.number(), '31-60': z.number(), '61-90': z.number(), '90+': z.number() });
export const ZAgingByClient = z.object({
  today: z.string(),
  clients: z.array(z.object({ clientId: z.string(), clientName: z.string(), buckets: ZBuckets, total: z.number(), bills: z.number().int() })),
  totals: ZBuckets,
  total: z.number(),
});
export type TAgingByClient = z.infer<typeof ZAgingByClient>;
