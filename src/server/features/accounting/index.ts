// The accounting feature as other features see it: the bill to a deposing side (testimony).
export { billDeposingSide } from './payer-bills.ts';
