// The API tokens feature as other features see it: a disabled or removed user's tokens are revoked (users).
export { revokeAllApiTokens } from './service.ts';
