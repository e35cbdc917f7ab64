// The firm profile feature as other features see it: its two settings sections, and the super admins' alert of a
// change of the payment details (issue 38) for the dashboard.
export { FirmProfileSection } from './firm-profile-section.tsx';
export { SignatureSection } from './signature-section.tsx';
export { MoneyAlerts } from './money-alerts.tsx';
