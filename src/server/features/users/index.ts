// The users feature as other features see it: creating a user and the password rule (the set-up
// link), and the role a user acts in (the timesheet's people).
export { EFFECTIVE_ROLE } from './account-reads.ts';
export { assertAcceptablePassword } from './password-policy.ts';
export { createUser } from './service.ts';
