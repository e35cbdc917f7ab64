export { SecuritySection } from './security-section.tsx';
export { TwoFactorSection } from './two-factor-section.tsx';
