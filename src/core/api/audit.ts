import { z } from 'zod';
import { AUDITED_TABLES } from '../audit/audit-fields.ts';

const isoDate = z.iso.date({ error: 'Invalid date format' });

/** The filters of the audit log: by person, record type, record and whole days (from–to, the firm's time zone). */
export const ZAuditFilters = z.object({
  actorId: z.uuid({ error: 'Person: choose someone from the list' }).optional(),
  table: z.enum(AUDITED_TABLES, { error: 'Record type: choose one from the list' }).optional(),
  rowId: z.string().trim().min(1).max(100).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type TAuditFilters = z.infer<typeof ZAuditFilters>;

/** GET /api/audit: newest first, 25 a page; `before` is the last id of the previous page. */
export const ZAuditQuery = ZAuditFilters.extend({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(25),
});

/** One changed field; money fields are absent for anyone but a super admin (docs/decisions/075). */
export const ZFieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

/** A piece of a sentence; `href` where it names a record with a page the reader may open. */
export const ZSentencePart = z.object({ text: z.string(), href: z.string().optional() });
export type TSentencePart = z.infer<typeof ZSentencePart>;

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
  /** The change in words (docs/decisions/097): 'Denise Park changed the assignee of action item "…" from … to …'. */
  sentence: z.array(ZSentencePart),
  text: z.string(),
  /** For a creation: what it set, 'due date: 11/05/2026'. */
  details: z.array(z.array(ZSentencePart)),
  /** The record the row is about: its type, its name, its page, and whether it is gone. */
  record: z.object({ type: z.string(), label: z.string(), href: z.string().nullable(), deleted: z.boolean() }),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({ entries: z.array(ZAuditEntry), nextBefore: z.number().int().nullable() });
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** GET /api/audit/history/:table/:id — the History panel of a case, project or action item. */
export const ZHistoryParams = z.object({ table: z.enum(['cases', 'projects', 'action_items']), id: z.uuid() });
export type THistoryTable = z.infer<typeof ZHistoryParams>['table'];

export const ZAuditActors = z.object({ actors: z.array(z.object({ id: z.string(), name: z.string() })) });

/** POST /api/audit/verify: the audit log's chain recomputed (issue 42, docs/decisions/141). */
export const ZAuditChainVerdict = z.object({
  ok: z.boolean(), checked: z.number(), sealed: z.number(), text: z.string(),
  firstBad: z.object({ index: z.number(), label: z.string(), reason: z.string(), rowId: z.string().nullable() }).nullable(),
});
export type TAuditChainVerdict = z.infer<typeof ZAuditChainVerdict>;
