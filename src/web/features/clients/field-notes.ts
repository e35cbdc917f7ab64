const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose value differs between two versions of a form (an edit drops their refusal). */
export function changedKeys<F extends object>(before: F, after: F): string[] {
  return (Object.keys(after) as (keyof F & string)[]).filter((key) => !same(before[key], after[key]));
}
