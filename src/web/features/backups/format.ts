import type { TBackup } from '../../../core/api/backups.ts';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';

const MB = 1024 * 1024;

export const formatSize = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A moment as the firm reads it: its date and time in the firm's zone, with the zone (one clock, issue 28). */
export const when = (iso: string, timeZone: string) => firmDateTime(iso, timeZone);

/**
 * Who started a backup: the person (Back up now, or the restore it preceded), 'Daily schedule', or
 * 'Command line'. Backups made before names were kept say what started them.
 */
export function startedBy(backup: Pick<TBackup, 'trigger' | 'startedBy'>): string {
  if (backup.trigger === 'scheduled') return 'Daily schedule';
  if (backup.trigger === 'command') return 'Command line';
  if (backup.trigger === 'pre-restore') return backup.startedBy ? `${backup.startedBy}, before restoring` : 'Before a restore';
  return backup.startedBy ?? 'Back up now';
}
