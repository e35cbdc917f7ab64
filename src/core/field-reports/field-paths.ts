// A field's place in a record, written as a JSON pointer ('/content/habitability/notes'): one name
// for the same field in a save's refusals, the screen's error texts and the browser's drafts.
// Rules only: no I/O.

const escape = (segment: PropertyKey) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
const unescape = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/** ['content', 'presentParties', 2, 'name'] → '/content/presentParties/2/name'. */
export const toPath = (segments: readonly PropertyKey[]): string => segments.map((s) => `/${escape(s)}`).join('');

export const pathSegments = (path: string): string[] => (path ? path.slice(1).split('/').map(unescape) : []);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a path, or undefined when the record has nothing there. */
export function valueAt(record: unknown, path: string): unknown {
  let here: unknown = record;
  for (const segment of pathSegments(path)) {
    if (Array.isArray(here)) here = here[Number(segment)];
    else if (isRecord(here)) here = here[segment];
    else return undefined;
  }
  return here;
}

/** A copy of the record with one value replaced; the record itself is not changed. */
export function withValueAt<T>(record: T, path: string, value: unknown): T {
  const [head, ...rest] = pathSegments(path);
  if (head === undefined) return value as T;
  const child = (container: unknown) => withValueAt(container, toPath(rest), value);
  if (Array.isArray(record)) return record.map((item, i) => (i === Number(head) ? child(item) : item)) as T;
  const source: Record<string, unknown> = isRecord(record) ? record : {};
  return { ...source, [head]: child(source[head]) } as T;
}

/**
 * The paths of a record's fields: objects are walked, anything else (text, a flag, a list) is one
 * field. A list is one field because its items have no identity of their own to keep apart.
 */
export function fieldPaths(record: unknown, prefix = ''): string[] {
  if (!isRecord(record)) return [prefix];
  return Object.entries(record).flatMap(([key, value]) => fieldPaths(value, `${prefix}/${escape(key)}`));
}

/** Deep equality of JSON values; the order of an object's keys does not matter. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key]));
}

/** The fields whose values differ between two versions of a record (fields of either). */
export function changedPaths(before: unknown, after: unknown): string[] {
  const paths = new Set([...fieldPaths(before), ...fieldPaths(after)]);
  return [...paths].filter((path) => !sameValue(valueAt(before, path), valueAt(after, path)));
}
