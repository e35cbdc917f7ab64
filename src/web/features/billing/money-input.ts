import { amountProblem } from '../../../core/limits.ts';

// Amounts typed on the billing screens: '$1,234.50', '1234.5' and ' 12 ' are the same kind of
// number a bookkeeper writes; the browser checks them before sending, in the server's words.

export const AMOUNT_FORMAT_MESSAGE = 'Enter an amount such as 1,250.00';
export const AMOUNT_POSITIVE_MESSAGE = 'Amount must be more than zero';

/** The number typed, or null when the text is empty or not a number. */
export function parseAmount(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (cleaned === '' || !/^\d*(\.\d*)?$/.test(cleaned) || cleaned === '.') return null;
  return Number(cleaned);
}

/** Why the text is not an amount that can be sent, or null. */
export function amountTextProblem(text: string, { positive = true }: { positive?: boolean } = {}): string | null {
  const amount = parseAmount(text);
  if (amount === null) return text.trim() === '' ? (positive ? AMOUNT_POSITIVE_MESSAGE : null) : AMOUNT_FORMAT_MESSAGE;
  if (positive && amount <= 0) return AMOUNT_POSITIVE_MESSAGE;
  return amountProblem(amount);
}

/** An amount as it reads in a field: 1250 → '1250.00'. */
export const amountText = (amount: number | null | undefined) => (amount === null || amount === undefined ? '' : amount.toFixed(2));
