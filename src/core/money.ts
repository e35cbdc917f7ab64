// signDisplay 'negative' keeps -0 and amounts that round to zero from showing as "-$0.00".
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', signDisplay: 'negative' });

/**
 * Rounds to cents. Products like 1.5 × 33.33 land just below a half cent in binary
 * (49.99499…), so the value is first trimmed to 12 significant digits.
 */
export function roundToCents(amount: number): number {
  return Math.round(Number((amount * 100).toPrecision(12))) / 100;
}

export function formatCurrency(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '$-.--';
  return USD.format(roundToCents(amount));
}

export function formatHours(hours: number): string {
  return Number.isFinite(hours) ? hours.toFixed(1) : '0.0';
}

/** Cost of a time row: null when no rate applies, so the UI shows '$-.--' rather than $0.00. */
export function costOf(hours: number, rate: number | null): number | null {
  if (rate === null || !Number.isFinite(rate) || !Number.isFinite(hours)) return null;
  return roundToCents(hours * rate);
}
