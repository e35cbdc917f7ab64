/** Rows per block when rows first arrive (about a screen of rows; even, so striped rows stay striped). */
export const BLOCK_ROWS = 24;

interface RowBlock {
  id: number;
  keys: readonly string[];
}

export interface RowBlocks {
  list: readonly RowBlock[];
  /** Which block each key is in. */
  of: ReadonlyMap<string, number>;
  next: number;
}

export const NO_BLOCKS: RowBlocks = { list: [], of: new Map(), next: 0 };

/**
 * Puts the rows (`keys`, in screen order) into blocks that the browser skips as a whole while
 * they are off screen (issue 13, docs/decisions/036, "Sixth pass"). A row never changes block
 * (React would mount it again, losing the focus in it): a row keeps the block it had, and a new
 * row joins the block of the row before it, or at a block's end, the next block while either has
 * fewer than `size` rows, else a new block, so rows shown a batch at a time fill blocks of `size`.
 * A block that no longer has its rows together (rows reordered) splits, its later runs in new
 * blocks. A block whose keys did not change keeps its `keys` array, so it need not render again.
 */
export function blocksOf(prev: RowBlocks, keys: readonly string[], size = BLOCK_ROWS): RowBlocks {
  // How many of each block's rows remain, and the block of the next row that has one.
  const sizes = new Map<number, number>();
  const nextBlock: (number | undefined)[] = new Array(keys.length + 1);
  for (let i = keys.length - 1; i >= 0; i--) {
    const id = prev.of.get(keys[i]!);
    nextBlock[i] = id ?? nextBlock[i + 1];
    if (id !== undefined) sizes.set(id, (sizes.get(id) ?? 0) + 1);
  }
  let next = prev.next;
  const runs: { from: number; id: number; keys: string[] }[] = [];
  const split = new Set<number>();
  const of = new Map<string, number>();
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const before = runs.at(-1);
    let from = prev.of.get(key);
    if (from === undefined) {
      const after = nextBlock[i + 1];
      if (before && before.from === after) from = before.from;
      else if (before && sizes.get(before.from)! < size) from = before.from;
      else if (after !== undefined && sizes.get(after)! < size) from = after;
      else from = next++;
      sizes.set(from, (sizes.get(from) ?? 0) + 1);
    }
    if (before?.from === from) before.keys.push(key);
    else {
      runs.push({ from, id: split.has(from) ? next++ : from, keys: [key] });
      split.add(from);
    }
    of.set(key, runs.at(-1)!.id);
  }
  const previous = new Map(prev.list.map((block) => [block.id, block.keys]));
  const list = runs.map(({ id, keys: run }) => {
    const old = previous.get(id);
    return { id, keys: old && old.length === run.length && old.every((key, i) => key === run[i]) ? old : run };
  });
  return { list, of, next };
}
