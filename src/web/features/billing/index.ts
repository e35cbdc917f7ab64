// The accounting feature as other features see it: the case page's retainer section, the
// dashboard's low-retainer notice, and how an amount is typed (the engagement letter's retainer asked for).
export { RetainerSection } from './retainers/retainer-section.tsx';
export { RetainerNotices } from './retainers/retainer-notices.tsx';
export { amountText, amountTextProblem, parseAmount } from './money-input.ts';
