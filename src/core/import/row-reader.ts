import { headerKey } from './values.ts';

const positions = new WeakMap<ReadonlyMap<string, number>, Map<string, number | undefined>>();

/**
 * One row's values by header name, case-insensitive. A name ending in `*` matches the first header
 * that starts with it (`Amount (*` finds `Amount (USD)` or `Amount (EUR)`).
 */
export class RowValues {
  constructor(
    private readonly index: ReadonlyMap<string, number>,
    private readonly headers: readonly string[],
    private readonly cells: readonly string[],
  ) {}

  static indexOf(headers: readonly string[]): Map<string, number> {
    const index = new Map<string, number>();
    headers.forEach((header, i) => {
      const key = headerKey(header);
      if (!index.has(key)) index.set(key, i);
    });
    return index;
  }

  /** The first of these columns the file has, trimmed; '' when none. */
  get(...names: string[]): string {
    for (const name of names) {
      const at = this.position(name);
      if (at !== undefined) return (this.cells[at] ?? '').trim();
    }
    return '';
  }

  has(name: string): boolean {
    return this.position(name) !== undefined;
  }

  private position(name: string): number | undefined {
    // Resolved once per file and column name (the index map is the file's): rows only look up.
    const cache = positions.get(this.index) ?? new Map<string, number | undefined>();
    positions.set(this.index, cache);
    if (cache.has(name)) return cache.get(name);
    const at = this.resolve(name);
    cache.set(name, at);
    return at;
  }

  private resolve(name: string): number | undefined {
    const key = headerKey(name);
    if (!key.endsWith('*')) return this.index.get(key);
    const prefix = key.slice(0, -1);
    const at = this.headers.findIndex((header) => headerKey(header).startsWith(prefix));
    return at < 0 ? undefined : at;
  }
}
