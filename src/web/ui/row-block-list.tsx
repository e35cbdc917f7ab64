import { memo, useState, type CSSProperties, type ReactNode } from 'react';
import { blocksOf, NO_BLOCKS } from './row-blocks.ts';
import './row-blocks.css';

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
