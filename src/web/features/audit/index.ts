// The audit feature as other features see it: the firm's log, shown on the settings page.
export { AuditLogSection } from './audit-log-section.tsx';
