// The auth feature as other features see it: passwords, sessions, and the end of a sign-in that
// another way of proving who one is (a second factor, a provider, a set-up link) ends in a session.
export { hashPassword, verifyPassword } from './passwords.ts';
export { findSession, findSessionById, findUserByEmail, resolveDataRole } from './service.ts';
export { finishSignIn, startSession } from './sign-in.ts';
