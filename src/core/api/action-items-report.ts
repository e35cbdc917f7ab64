import { z } from 'zod';

// GET /api/action-items/report.pdf: the PDF filter set of SPEC §3 (status, assignee, date range).

const isoOrEmpty = z.union([z.literal(''), z.iso.date({ error: 'Invalid date format' })]).default('');

export const ZActionItemsReportQuery = z.object({
  /** One project's items (the card); every project's without it (the dashboard). */
  projectId: z.uuid().optional(),
  status: z.enum(['active', 'open', 'completed', 'closed', 'archived', 'all']).default('active'),
  assignee: z.union([z.literal('all'), z.uuid()]).default('all'),
  start: isoOrEmpty,
  end: isoOrEmpty,
});
export type TActionItemsReportQuery = z.input<typeof ZActionItemsReportQuery>;
