// The two-factor feature as other features see it: whether a sign-in owes a second step (auth, API
// tokens), holding a sign-in until it is given, and removing a user's factor (users).
export { removeFactor } from './factor-service.ts';
export { holdPendingSignIn } from './pending.ts';
export { requiredRoles } from './policy.ts';
export { secondStepOwed, twoFactorSetupOwed } from './second-step.ts';
