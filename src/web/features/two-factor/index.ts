export { SecuritySection } from './security-section.tsx';
export { TwoFactorSection } from './two-factor-section.tsx';
export { TwoFactorSetupFlow } from './setup-flow.tsx';
export { CodeInput, useCodeEntry } from './code-input.tsx';
export { beginSignInSetup, confirmSignInSetup, signInWithCode } from './api.ts';
export { useTwoFactorStatus } from './api.ts';
