// The accounting feature as other features see it: the bill to a deposing side and its statement (testimony).
export { billDeposingSide } from './payer-bills.ts';
export { payerStatement } from './payer-statement.ts';
