// The conflicts feature as other features see it: a case's parties and its conflict check (the
// case's intake in clients, the bill's warning in accounting).
export { attachIntakeCheck, caseConflictStatus } from './checks-service.ts';
export { insertParties } from './parties-service.ts';
