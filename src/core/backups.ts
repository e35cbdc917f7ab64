/** What starts a backup: an admin, the daily schedule, a restore (the data it replaces) or the command line. */
export type BackupTrigger = 'manual' | 'scheduled' | 'pre-restore' | 'command';

export const BACKUP_MESSAGES = {
  notABackup: 'This file is not a Casebook backup.',
  incomplete: 'This backup file is incomplete or damaged (its checksum does not match).',
  otherKind: (kind: string) =>
    `This backup was made on ${kind === 'postgres' ? 'a PostgreSQL server' : 'the embedded database'}; this installation uses ${kind === 'postgres' ? 'the embedded database' : 'a PostgreSQL server'}.`,
  newerApp: 'This backup comes from a newer version of Casebook. Update Casebook first, then restore it.',
  doesNotLoad: 'This backup could not be read by the database; nothing was changed.',
  wrongConfirmation: "The date typed does not match the backup's date.",
  busy: 'A backup or restore is already running. Please wait until it has finished.',
  maintenance: 'Casebook is being restored from a backup. Please try again in a few minutes.',
  superAdminOnly: 'Only a super admin can download, upload or restore a backup: a backup holds every password and every rate, cost and bill.',
  /** Restoring a backup uploaded here: it holds the users and passwords of wherever it was made. */
  uploadedRestore: 'This backup was made elsewhere: restoring it replaces every user and password with the ones in the backup.',
  noClientTools: 'The PostgreSQL client tools (pg_dump, pg_restore, psql) are not installed on this server. Install them, e.g. "apt-get install postgresql-client" (Debian/Ubuntu) or "brew install libpq" (macOS), then try again.',
} as const;

/** The date an admin types to confirm a restore: MM/DD/YYYY of the backup in the firm's time zone. */
export function confirmationDate(createdAt: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(createdAt));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('month')}/${get('day')}/${get('year')}`;
}

export const confirmationMatches = (typed: string, createdAt: string, timeZone: string) =>
  typed.trim() === confirmationDate(createdAt, timeZone);

/** Which scheduled backups to delete so that the newest `keep` remain (others are never pruned). */
export function backupsToPrune<T extends { trigger: BackupTrigger; createdAt: string }>(backups: T[], keep: number): T[] {
  return backups
    .filter((b) => b.trigger === 'scheduled')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(keep);
}

/** A file name that sorts by time and says what it holds: casebook-20261123-140501-scheduled.backup */
export function backupFileName(createdAt: Date, trigger: BackupTrigger): string {
  const stamp = createdAt.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `casebook-${stamp}-${trigger}.backup`;
}

export const isBackupFileName = (name: string) => /^casebook-\d{8}-\d{6}-[a-z-]+(-\d+)?\.backup$/.test(name);
