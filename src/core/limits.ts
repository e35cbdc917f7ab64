// Limits of stored values that the server enforces and the browser checks before it saves, so
// both sides give the same answer (issue 14). Rules only: no I/O, no clock.

export const MAX_HOURS_PER_ENTRY = 24;

// The longest text each field stores; the schemas (core/api) and the forms check the same numbers.
// Here, not beside the schemas, so a form reads them without loading zod (docs/decisions/078).
export const ACTION_ITEM_LIMITS = { shortDescription: 500, longDescription: 20_000, location: 1000, url: 2000 } as const;
export const CLIENT_LIMITS = {
  name: 200, contactName: 200, lastName: 120, email: 254, phone: 40, billToName: 200, billingAddress: 1000, ledesClientId: 40,
} as const;
export const CASE_LIMITS = { fileNumber: 60, caseName: 200, clientMatterId: 40 } as const;
/** Parties and the facts of a case (issue 39). */
export const PARTY_LIMITS = { name: 200, claimNumber: 60, policyNumber: 60, notes: 2000, lossAddress: 500, reason: 2000 } as const;
export const PROJECT_LIMITS = { projectNumber: 60, projectName: 200, projectType: 120, buildingType: 120 } as const;
export const FIRM_PROFILE_LIMITS = {
  firmName: 200, licenceNumber: 100, address: 500, phone: 50, email: 200, website: 200, remittance: 1000, ledesFirmId: 40,
} as const;

export const LIMIT_MESSAGES = {
  hoursDecimals: 'Hours may have at most 2 decimal places',
  hoursOverDay: `A single time entry cannot be more than ${MAX_HOURS_PER_ENTRY} hours`,
  amountDecimals: 'Amounts may have at most 2 decimal places (cents)',
  nul: 'Text cannot contain the NUL character (\\u0000)',
} as const;

/** True when the number has no more than two decimals (0.1 + 0.2 style float noise ignored). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Number.isInteger(Number((value * 100).toPrecision(12)));
}

/** Why hours cannot be stored on one time entry, or null. Negative values are the schema's to refuse. */
export function hoursProblem(hours: number): string | null {
  if (!hasAtMostTwoDecimals(hours)) return LIMIT_MESSAGES.hoursDecimals;
  return hours > MAX_HOURS_PER_ENTRY ? LIMIT_MESSAGES.hoursOverDay : null;
}

/** Why an amount cannot be stored, or null: more than cents is refused, never rounded away. */
export function amountProblem(amount: number): string | null {
  return hasAtMostTwoDecimals(amount) ? null : LIMIT_MESSAGES.amountDecimals;
}

/**
 * The path of the first string (value or object key) holding a NUL character, which PostgreSQL
 * text cannot store, or null. One rule for every request: such input is refused, not stripped,
 * because a NUL is never something a person typed.
 */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '/' : null;
  if (!isJsonContainer(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}/${key.replaceAll('\u0000', '\\u0000')}`;
    const found = findNul(child, `${path}/${key}`);
    if (found) return found;
  }
  return null;
}

/**
 * Arrays and plain objects (any without a constructor of their own, as parsed query strings are):
 * what a parsed body or query holds. A stream, a buffer or a class instance is not walked.
 */
function isJsonContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  return ctor === undefined || ctor === Object;
}

// Text limits (issue 22): a field's count shows as the user nears its limit, and text over it is
// refused with a message naming the field and the limit, never cut (a paste is never truncated).

/** From this share of its limit on, a text field shows its count. */
export const COUNTER_FROM = 0.8;

const count = (n: number) => n.toLocaleString('en-US');

export interface TextCounter {
  /** Whether the count is shown at all (from COUNTER_FROM of the limit). */
  shown: boolean;
  over: boolean;
  /** What the screen shows: '9,812 / 10,000'. */
  text: string;
  /** What a screen reader says: '188 of 10,000 characters left'. */
  description: string;
}

/** The counter of a text field holding `length` characters (a string's length, as the server counts). */
export function textCounter(length: number, max: number): TextCounter {
  const over = length > max;
  return {
    shown: length >= Math.ceil(max * COUNTER_FROM),
    over,
    text: `${count(length)} / ${count(max)}`,
    description: over
      ? `${count(length - max)} characters over the limit of ${count(max)}`
      : `${count(max - length)} of ${count(max)} characters left`,
  };
}

/** The refusal of a text over its limit: names the field, its length and the limit. */
export const tooLongMessage = (label: string, length: number, max: number): string =>
  `${label} has ${count(length)} characters; the limit is ${count(max)}. Shorten it to save it.`;

/** The refusal under a field (its label is beside it): the limit and the length now. */
export const fieldTooLongMessage = (max: number, length: number) =>
  `Must be ${count(max)} characters or fewer (now ${count(length)})`;

/** Why a text is too long to store, or null. Counted as stored: without surrounding spaces. */
export function tooLongProblem(text: string, max: number): string | null {
  const length = text.trim().length;
  return length > max ? fieldTooLongMessage(max, length) : null;
}

/** The first too-long field of a form, by field, for the limits given (field → characters). */
export function tooLongProblems<K extends string>(
  values: Partial<Record<K, unknown>>,
  limits: Partial<Record<K, number>>,
): Partial<Record<K, string>> {
  const problems: Partial<Record<K, string>> = {};
  for (const key of Object.keys(limits) as K[]) {
    const value = values[key];
    const problem = typeof value === 'string' ? tooLongProblem(value, limits[key]!) : null;
    if (problem) problems[key] = problem;
  }
  return problems;
}
