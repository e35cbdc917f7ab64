import { memo, useState, type CSSProperties, type ReactNode } from 'react';
import { BLOCK_ROWS, blocksOf, NO_BLOCKS } from './row-blocks.ts';

interface Props {
  keys: readonly string[];
  /** Renders one row with `key={rowKey}`; keep its identity while the rows' props stay the same. */
  renderRow(rowKey: string): ReactNode;
}

/**
 * The rows of an entry table in blocks (row-blocks.ts): the browser skips a block off screen
 * whole, so it tracks about 20 blocks for 500 rows instead of 500 rows on every frame.
 */
export function RowBlockList({ keys, renderRow }: Props) {
  const [state, setState] = useState(() => ({ keys, blocks: blocksOf(NO_BLOCKS, keys) }));
  let current = state;
  if (state.keys !== keys) {
    current = { keys, blocks: blocksOf(state.blocks, keys) };
    setState(current);
  }
  return current.blocks.list.map((block) => <Block key={block.id} keys={block.keys} renderRow={renderRow} />);
}

const Block = memo(function Block({ keys, renderRow }: { keys: readonly string[]; renderRow(rowKey: string): ReactNode }) {
  return <div className="row-block" style={{ '--rows': keys.length } as CSSProperties}>{keys.map((key) => renderRow(key))}</div>;
});

/**
 * Rows that are places (use-row-places.ts) in blocks of places 0-23, 24-47, …: the browser skips
 * a block off screen whole, about 42 blocks for 1,000 rows instead of 1,000 rows each frame. A
 * block holds an even count, so striped rows stay striped. `renderPlace` gives the row `key={place}`.
 */
export function PlaceBlockList({ count, renderPlace }: { count: number; renderPlace(place: number): ReactNode }) {
  return Array.from({ length: Math.ceil(count / BLOCK_ROWS) }, (_, b) => {
    const [from, to] = [b * BLOCK_ROWS, Math.min(count, (b + 1) * BLOCK_ROWS)];
    return (
      <div key={from} className="row-block" style={{ '--rows': to - from } as CSSProperties}>
        {Array.from({ length: to - from }, (_, i) => renderPlace(from + i))}
      </div>
    );
  });
}
