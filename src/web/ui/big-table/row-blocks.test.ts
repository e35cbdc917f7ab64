import { describe, expect, it } from 'vitest';
import { blocksOf, NO_BLOCKS, type RowBlocks } from './row-blocks.ts';

const keys = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `k${from + i}`);
const shape = (blocks: RowBlocks) => blocks.list.map((b) => `${b.id}:${b.keys.join(',')}`);

describe('blocksOf', () => {
  it('cuts rows arriving a batch at a time into blocks of the size', () => {
    let blocks = blocksOf(NO_BLOCKS, keys(0, 5), 2);
    expect(shape(blocks)).toEqual(['0:k0,k1', '1:k2,k3', '2:k4']);
    blocks = blocksOf(blocks, keys(0, 8), 2);
    expect(shape(blocks)).toEqual(['0:k0,k1', '1:k2,k3', '2:k4,k5', '3:k6,k7']);
  });

  it('keeps every row in its block when a row is inserted, removed or added at either end', () => {
    const first = blocksOf(NO_BLOCKS, keys(0, 6), 3);
    const cases: [string[], string[]][] = [
      [['k0', 'k1', 'new', 'k2', 'k3', 'k4', 'k5'], ['0:k0,k1,new,k2', '1:k3,k4,k5']],
      [['k0', 'k1', 'k2', 'new', 'k3', 'k4', 'k5'], ['0:k0,k1,k2', '2:new', '1:k3,k4,k5']],
      [['new', 'k0', 'k1', 'k2', 'k3', 'k4', 'k5'], ['2:new', '0:k0,k1,k2', '1:k3,k4,k5']],
      [['k0', 'k2', 'k3', 'k4', 'k5'], ['0:k0,k2', '1:k3,k4,k5']],
      [['k0', 'k1', 'new', 'k3', 'k4', 'k5'], ['0:k0,k1,new', '1:k3,k4,k5']],
      [['k3', 'k4', 'k5'], ['1:k3,k4,k5']],
    ];
    for (const [next, expected] of cases) expect(shape(blocksOf(first, next, 3))).toEqual(expected);
  });

  it('puts a new row at a block boundary into whichever neighbouring block has room', () => {
    const first = blocksOf(NO_BLOCKS, ['a', 'b', 'c', 'd', 'e'], 3); // 0:a,b,c 1:d,e
    expect(shape(blocksOf(first, ['a', 'b', 'c', 'new', 'd', 'e'], 3))).toEqual(['0:a,b,c', '1:new,d,e']);
    expect(shape(blocksOf(first, ['a', 'b', 'c', 'd', 'e', 'new'], 3))).toEqual(['0:a,b,c', '1:d,e,new']);
  });

  it('splits a block whose rows are no longer together, the later run into a new block', () => {
    const first = blocksOf(NO_BLOCKS, keys(0, 4), 2); // 0:k0,k1 1:k2,k3
    expect(shape(blocksOf(first, ['k0', 'k2', 'k1', 'k3'], 2))).toEqual(['0:k0', '1:k2', '2:k1', '3:k3']);
  });

  it('returns the same keys array for a block whose rows did not change', () => {
    const first = blocksOf(NO_BLOCKS, keys(0, 4), 2);
    const second = blocksOf(first, ['k0', 'k1', 'k2', 'new', 'k3'], 2);
    expect(second.list[0]!.keys).toBe(first.list[0]!.keys);
    expect(second.list[1]!.keys).not.toBe(first.list[1]!.keys);
    expect(blocksOf(second, ['k0', 'k1', 'k2', 'new', 'k3'], 2).list[1]!.keys).toBe(second.list[1]!.keys);
  });
});
