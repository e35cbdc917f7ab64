import { z } from 'zod';

// The import wizard (Settings → Import, super admins; issue 27): upload → preview and mapping →
// dry run → import (a background job with progress). The file lives in PostgreSQL from upload to
// import, so any instance can run any step.

/** The tools Casebook reads, recognised from the file's header row. */
export const IMPORT_SOURCES = ['toggl', 'harvest', 'harvest-export', 'clockify', 'kimai', 'casebook'] as const;
export const ZImportSource = z.enum(IMPORT_SOURCES);
export type TImportSource = z.infer<typeof ZImportSource>;

/** The names a person reads for each source. */
export const IMPORT_SOURCE_LABELS: Record<TImportSource, string> = {
  toggl: 'Toggl Track (detailed time export)',
  harvest: 'Harvest (time import format)',
  'harvest-export': 'Harvest (detailed time export)',
  clockify: 'Clockify (detailed report)',
  kimai: 'Kimai (CSV export)',
  casebook: 'Casebook template',
};

/** A person of the file and who they are in Casebook (null: rows of that person are refused). */
export const ZPersonMapping = z.object({
  key: z.string(),
  name: z.string(),
  email: z.string(),
  rows: z.number().int(),
  userId: z.uuid().nullable(),
});
/** A client of the file: an existing client, or null to create one with that name. */
export const ZClientMapping = z.object({ key: z.string(), name: z.string(), rows: z.number().int(), clientId: z.uuid().nullable() });
/** A project of the file (within its client): an existing project, or null to create it (with a case of its own). */
export const ZProjectMapping = z.object({
  key: z.string(), clientKey: z.string(), name: z.string(), rows: z.number().int(), projectId: z.uuid().nullable(),
});
/** A task / job title of the file and the firm's job title it becomes. */
export const ZJobTitleMapping = z.object({ key: z.string(), name: z.string(), rows: z.number().int(), jobTitle: z.string().min(1).max(100) });

export const ZImportMapping = z.object({
  people: z.array(ZPersonMapping),
  clients: z.array(ZClientMapping),
  projects: z.array(ZProjectMapping),
  jobTitles: z.array(ZJobTitleMapping),
  /** 'firm': entries take the firm's rate codes as any new entry does; 'file': the file's rates are kept. */
  rates: z.enum(['firm', 'file']),
});
export type TImportMapping = z.infer<typeof ZImportMapping>;

export const ZImportStatus = z.enum(['uploaded', 'running', 'done', 'failed']);

/** One row the dry run or the import leaves out, with its row number in the file (header = row 1). */
export const ZImportRowProblem = z.object({ row: z.number().int(), reason: z.string() });

const counts = z.object({
  clients: z.number().int(), cases: z.number().int(), projects: z.number().int(),
  timeEntries: z.number().int(), expenses: z.number().int(),
});
/** What a dry run found, or what an import did: the same shape. */
export const ZImportOutcome = z.object({
  created: counts,
  matched: counts,
  /** Rows imported before (the same fingerprint) or holding nothing to import. */
  skipped: z.array(ZImportRowProblem),
  /** Rows that cannot be imported, and why. */
  refused: z.array(ZImportRowProblem),
  /**
   * Time and expense rows the file marks non-billable (issue 38): left out, as every time and expense
   * entry in Casebook is billable (docs/decisions/118). Missing on dry runs stored before it.
   */
  nonBillable: z.array(ZImportRowProblem).optional(),
  /**
   * Time entries that would be valued at $0.00 (no firm rate for their job title and case,
   * nor a file rate kept), and how many of them the file gives a rate of its own (issue 38). Super
   * admins only, as the whole import. Missing on dry runs stored before it.
   */
  unpriced: z.object({ timeEntries: z.number().int(), withFileRate: z.number().int() }).optional(),
});
export type TImportOutcome = z.infer<typeof ZImportOutcome>;

export const ZImport = z.object({
  id: z.uuid(),
  fileName: z.string(),
  source: ZImportSource,
  rowCount: z.number().int(),
  /** The first rows as read, for the preview (header names → values). */
  sample: z.array(z.record(z.string(), z.string())),
  mapping: ZImportMapping,
  status: ZImportStatus,
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  dryRun: ZImportOutcome.nullable(),
  result: ZImportOutcome.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type TImport = z.infer<typeof ZImport>;

export const ZImportParams = z.object({ id: z.uuid() });
export const ZImportList = z.object({ imports: z.array(ZImport.omit({ sample: true, mapping: true, dryRun: true })) });

// Routes (super admins):
//   POST /api/imports            multipart `file` (CSV) → 201 TImport (source recognised, mapping proposed)
//   GET  /api/imports            → ZImportList (newest first)
//   GET  /api/imports/:id        → TImport (poll while running: progress)
//   PUT  /api/imports/:id/mapping  ZImportMapping → TImport (dryRun cleared)
//   POST /api/imports/:id/dry-run  → TImport with dryRun
//   POST /api/imports/:id/run      → 202 TImport (status running); one transaction, in the background
//   GET  /api/imports/template.csv → the Casebook template
