// The one-time setup address for the first super admin (issue 38, docs/decisions/117).

export const SETUP_ADDRESS_TEXT = {
  title: 'Create the first super admin',
  intro: 'Casebook has no users yet. The person who sets it up becomes its first super admin: they can do everything, money included.',
  submit: 'Create super admin',
  alreadySetUp: 'This setup address is no longer needed: Casebook already has users. Sign in instead.',
  notValid: 'This setup address is not valid. Copy the whole address Casebook printed when it started.',
} as const;

/** The address a start prints: the public one when set (PUBLIC_URL), else where it listens. */
export function setupAddress(base: string, token: string): string {
  return `${base.replace(/\/+$/, '')}/setup?token=${encodeURIComponent(token)}`;
}

/** Why a setup token is refused, or null when it may create the first super admin: once anyone exists, never. */
export function setupTokenRefusal(state: { usersExist: boolean; tokenKnown: boolean }): string | null {
  if (state.usersExist) return SETUP_ADDRESS_TEXT.alreadySetUp;
  return state.tokenKnown ? null : SETUP_ADDRESS_TEXT.notValid;
}
