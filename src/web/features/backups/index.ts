// The backups feature as other features see it: its settings section and the dashboard's notice.
export { BackupFailureNotice } from './backup-failure-notice.tsx';
export { BackupsSection } from './backups-section.tsx';
