import { z } from 'zod';
import { AUDITED_TABLES } from '../audit.ts';

const isoDate = z.iso.date({ error: 'Invalid date format' });

/** GET /api/audit: newest first, 50 a page; `before` is the last id of the previous page. */
export const ZAuditQuery = z.object({
  actorId: z.uuid().optional(),
  table: z.enum(AUDITED_TABLES).optional(),
  rowId: z.string().trim().min(1).max(100).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(25),
});

/** One changed field; money fields are absent for anyone but a super admin (docs/decisions/075). */
export const ZFieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  /** Who did it: display name, else e-mail; null for the system (migrations, commands). */
  actorName: z.string().nullable(),
  table: z.string(),
  rowId: z.string(),
  action: z.enum(['insert', 'update', 'delete']),
  changes: z.array(ZFieldChange),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({ entries: z.array(ZAuditEntry), nextBefore: z.number().int().nullable() });
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** GET /api/audit/history/:table/:id — the History panel of a case, project or action item. */
export const ZHistoryParams = z.object({ table: z.enum(['cases', 'projects', 'action_items']), id: z.uuid() });
export type THistoryTable = z.infer<typeof ZHistoryParams>['table'];

export const ZAuditActors = z.object({ actors: z.array(z.object({ id: z.string(), name: z.string() })) });
