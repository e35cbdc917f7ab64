export interface RateCodeItem {
  job_type: string;
  /** PostgreSQL numeric columns arrive as strings. */
  rate: number | string | null;
  active: boolean;
}

/**
 * Key of a job type in a case's custom_rates map: "Senior Consultant" → "senior_consultant_rate".
 * Exactly the SPEC §3 rule (each space becomes one underscore); job types are trimmed when saved.
 */
export function customRateKey(jobType: string): string {
  return `${jobType.toLowerCase().replace(/ /g, '_')}_rate`;
}

function toRate(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const rate = Number(value);
  return Number.isFinite(rate) && rate >= 0 ? rate : null;
}

/** Hourly rate for a job: the case's custom rate first, else the rate code's active item. */
export function resolveRate(options: {
  customRates: Record<string, number | string> | null;
  jobType: string;
  rateCodeItems: readonly RateCodeItem[];
}): number | null {
  const { customRates, jobType, rateCodeItems } = options;
  const key = customRateKey(jobType);
  const custom = customRates && Object.hasOwn(customRates, key) ? toRate(customRates[key]) : null;
  if (custom !== null) return custom;
  const item = rateCodeItems.find((candidate) => candidate.active && candidate.job_type === jobType);
  return toRate(item?.rate);
}
