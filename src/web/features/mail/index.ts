// The mail feature as other features see it: its Settings section (with Sent mail).
export { EmailSection } from './email-section.tsx';
