import { todayUs } from '../src/core/smart-date.ts';

/**
 * The day `offset` calendar days from today as MM/DD/YYYY, in the zone the tests run in (the
 * firm's: playwright.config.ts). Calendar days, not steps of 24 hours: a day the clocks change has
 * 23 or 25 hours, and "now + 24 h" late that evening is two days on (issue 22).
 */
export function usDay(offset: number, now = new Date()): string {
  return todayUs(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
}
