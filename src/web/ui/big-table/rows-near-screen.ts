/** The first index in [0, n) where `test` holds (it fails before that index and holds after), or n. */
function firstIndex(n: number, test: (i: number) => boolean): number {
  let [lo, hi] = [0, n];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The rows of `body` (its children unless given, in screen order) on screen or within `margin` screens of it,
 * found by halving over the rows' boxes (about twenty reads, best while the layout is clean).
 * Places past the last row are near when that row is. None when the whole body is farther (its
 * rows may not even be laid out then: reading one would lay them all out).
 */
export function rowsNearScreen(
  body: HTMLElement | null, margin: number, rows: ArrayLike<Element> | undefined = body?.children,
): { first: number; last: number } {
  if (!body || !rows || rows.length === 0) return { first: 0, last: Infinity };
  const [above, below] = [-margin * window.innerHeight, (1 + margin) * window.innerHeight];
  const box = body.getBoundingClientRect();
  if (box.bottom < above || box.top > below) return { first: 0, last: -1 };
  const first = firstIndex(rows.length, (i) => rows[i]!.getBoundingClientRect().bottom >= above);
  const end = firstIndex(rows.length, (i) => rows[i]!.getBoundingClientRect().top > below);
  return { first, last: end === rows.length ? Infinity : end - 1 };
}

/**
 * The rows of the blocks (the children of `body`, each holding rows in screen order) within
 * `margin` screens, and the index of the first of them among all rows. Only those blocks' rows
 * are read: a row of a block the browser skips is laid out to be read.
 */
export function rowsOfBlocksNear(body: HTMLElement, margin: number): { rows: Element[]; offset: number; toEnd: boolean } {
  const blocks = rowsNearScreen(body, margin);
  const end = Math.min(blocks.last, body.children.length - 1);
  let offset = 0;
  for (let i = 0; i < blocks.first; i++) offset += body.children[i]!.children.length;
  const rows: Element[] = [];
  for (let i = blocks.first; i <= end; i++) rows.push(...body.children[i]!.children);
  return { rows, offset, toEnd: blocks.last === Infinity };
}

/** `rowsNearScreen` for rows in blocks: the indexes count rows across blocks. */
export function blockRowsNearScreen(body: HTMLElement | null, margin: number): { first: number; last: number } {
  if (!body) return { first: 0, last: Infinity };
  const { rows, offset, toEnd } = rowsOfBlocksNear(body, margin);
  const near = rowsNearScreen(body, margin, rows);
  // Rows after those read are near only when the last block is.
  const last = near.last !== Infinity ? near.last : toEnd ? Infinity : rows.length - 1;
  return { first: offset + near.first, last: last === Infinity ? Infinity : offset + last };
}
