import { messageFor } from '../../core/errors.ts';
import { ApiError } from './transport.ts';

/** A problem per form field, in the words to show under it. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** A save the server (or the network) refused: its message, and the fields it names by the form's own names. */
export interface Refusal<K extends string> {
  message: string;
  fields: FieldErrors<K>;
  /** The rule the server names for the first refused field ('over_balance', 'required'…), when it names one. */
  rule: string | null;
  /** Tells one refusal from the next (the same words twice still move the cursor again). */
  seq: number;
}

let refusals = 0;

const FALLBACK = 'The save failed. Please try again.';

/** The request field a problem's path names: '/name', 'body/name' and '/address/postalCode' name the first key. */
function fieldOfPath(path: unknown): string | null {
  if (typeof path !== 'string') return null;
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'body') parts.shift();
  return parts[0] ?? null;
}

/**
 * Reads a refusal (docs/decisions/034, 037, 122): the server names each refused field in
 * `details: [{ path, message, rule }]`, a schema check's and a rule's alike, so no screen reads a
 * field from the words. `names` maps the request's field names to the form's (a field not listed
 * maps to itself when it is a form field).
 */
export function readRefusal<K extends string>(
  error: unknown,
  fields: readonly K[],
  names: Partial<Record<string, K>> = {},
): Refusal<K> {
  const message = error instanceof ApiError || error instanceof Error ? error.message : FALLBACK;
  const result: Refusal<K> = { message, fields: {}, rule: null, seq: ++refusals };
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return result;
  const toField = (name: string | null): K | undefined =>
    name === null ? undefined : names[name] ?? (fields.includes(name as K) ? (name as K) : undefined);
  for (const item of error.details as { path?: unknown; message?: unknown; rule?: unknown }[]) {
    result.rule ??= typeof item?.rule === 'string' ? item.rule : null;
    const key = toField(fieldOfPath(item?.path));
    if (key && !result.fields[key]) result.fields[key] = typeof item.message === 'string' ? item.message : message;
  }
  return result;
}

/** What the browser itself refuses before sending (text too long to store), worded as the server's refusal. */
export function formRefusal<K extends string>(fields: FieldErrors<K>): Refusal<K> {
  return { message: messageFor('VALIDATION_ERROR'), fields, rule: null, seq: ++refusals };
}

/** The refusal without the fields the user has changed since (their problem may be fixed). */
export function withoutFields<K extends string>(refusal: Refusal<K> | null, changed: readonly string[]): Refusal<K> | null {
  if (!refusal || !changed.some((key) => key in refusal.fields)) return refusal;
  const fields = { ...refusal.fields };
  for (const key of changed) delete fields[key as K];
  return { ...refusal, fields };
}
