import { z } from 'zod';

/** Who uploaded a backup and when; `by` is null for a file uploaded before uploads were labelled. */
export const ZUploaded = z.object({ by: z.string().max(200).nullable(), at: z.iso.datetime() });
export type TUploaded = z.infer<typeof ZUploaded>;

export const ZBackup = z.object({
  /** The file name; null for a failed run. */
  name: z.string().nullable(),
  createdAt: z.string(),
  size: z.number().int(),
  kind: z.enum(['pglite', 'postgres']),
  appVersion: z.string(),
  sha256: z.string(),
  trigger: z.enum(['manual', 'scheduled', 'pre-restore', 'command']),
  status: z.enum(['completed', 'failed']),
  error: z.string().nullable(),
  /** Set when the file came in through "Upload backup" (made elsewhere): restoring it replaces every user and password. */
  uploaded: ZUploaded.nullable(),
  /** The display name of the person who started it (Back up now, or the restore it preceded); null for the daily schedule, the command line and older backups. */
  startedBy: z.string().nullable(),
  /** The S3 buckets that hold the photos' originals (docs/decisions/162): the backup has only their names and hashes. */
  originalsBuckets: z.array(z.string()).default([]),
});
export type TBackup = z.infer<typeof ZBackup>;

/** What this instance is doing: a backup or restore with its phase and bytes so far. */
export const ZBackupActivity = z.object({
  kind: z.enum(['backup', 'restore']),
  phase: z.string(),
  startedAt: z.string(),
  bytes: z.number().int(),
  error: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TBackupActivity = z.infer<typeof ZBackupActivity>;

export const ZBackupList = z.object({
  backups: z.array(ZBackup),
  activity: ZBackupActivity.nullable(),
  directory: z.string(),
  schedule: z.object({ hour: z.string(), timeZone: z.string(), keep: z.number().int() }),
});
export type TBackupList = z.infer<typeof ZBackupList>;

export const ZBackupNameParams = z.object({ name: z.string().regex(/^casebook-\d{8}-\d{6}-[a-z-]+(-\d+)?\.backup$/) });

/** The admin types the backup's date (MM/DD/YYYY) to confirm. */
export const ZRestoreBody = z.object({ confirmation: z.string().trim().min(1).max(20) });

export const ZMaintenanceStatus = z.object({ maintenance: z.boolean() });
