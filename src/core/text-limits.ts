// The longest text a field may store, said the same way by the browser (before it saves) and by
// the server's schemas (when it refuses), so a refusal names the limit (issue 22, docs/decisions/037).

const count = (n: number) => n.toLocaleString('en-US');

export const tooLongMessage = (max: number, length: number) =>
  `Must be ${count(max)} characters or fewer (now ${count(length)})`;

/** Why a text is too long to store, or null. Counted as stored: without surrounding spaces. */
export function tooLongProblem(text: string, max: number): string | null {
  const length = text.trim().length;
  return length > max ? tooLongMessage(max, length) : null;
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
