// The accounting feature's face to the others (docs/decisions/127): the reminders of past-due bills
// (issue 41) attach a client's statement of account.
export { clientStatement } from './statement.ts';
