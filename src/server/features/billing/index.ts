// The accounting feature's face to the others (docs/decisions/127): a client's statement of account
// (the reminders of past-due bills attach it, issue 41), and the bill to a deposing side and its
// statement (testimony, issue 40); what fee rules change in the unbilled time (the dashboard's figure).
export { clientStatement } from './retainers/statement.ts';
export { billDeposingSide } from './bills/payer-bills.ts';
export { payerStatement } from './retainers/payer-statement.ts';
export { cancellationLines, unbilledFeeRuleChange } from './bills/lines.ts';
