/** An hourly rate as typed ('95.5', '$1,250', ' 80 ') → '95.50'; null when it is not a rate
 *  (negative, more than two decimals, more than 8 digits, not a number). */
export function parseRate(text: string): string | null {
  const t = text.trim().replace(/^\$\s*/, '').replace(/,/g, '');
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(t)) return null;
  return Number(t).toFixed(2);
}
