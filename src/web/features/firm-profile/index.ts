// The firm profile feature as other features see it: its two settings sections.
export { FirmProfileSection } from './firm-profile-section.tsx';
export { SignatureSection } from './signature-section.tsx';
