import { describe, expect, it } from 'vitest';
import { changedPaths, fieldPaths, pathSegments, sameValue, toPath, valueAt, withValueAt } from './field-paths.ts';

const record = { a: 'x', b: { c: true, d: [{ n: 'p' }] }, 'e/f': 1 };

describe('field paths', () => {
  it('writes and reads JSON pointers, escaping ~ and /', () => {
    expect(toPath(['content', 'presentParties', 2, 'name'])).toBe('/content/presentParties/2/name');
    expect(toPath(['e/f', 'g~h'])).toBe('/e~1f/g~0h');
    expect(pathSegments('/e~1f/g~0h')).toEqual(['e/f', 'g~h']);
  });

  it.each([
    ['/a', 'x'], ['/b/c', true], ['/b/d/0/n', 'p'], ['/e~1f', 1], ['/b/d/3/n', undefined], ['/a/z', undefined], ['/nope', undefined],
  ])('valueAt %s', (path, expected) => expect(valueAt(record, path)).toEqual(expected));

  it('replaces one value in a copy', () => {
    const copy = withValueAt(record, '/b/d/0/n', 'q');
    expect(copy.b.d[0]!.n).toBe('q');
    expect(record.b.d[0]!.n).toBe('p');
    expect(copy.a).toBe('x');
    expect(withValueAt({ b: {} }, '/b/c', false)).toEqual({ b: { c: false } });
  });

  it('lists fields: objects are walked, lists and values are one field each', () => {
    expect(fieldPaths(record)).toEqual(['/a', '/b/c', '/b/d', '/e~1f']);
  });

  it('compares JSON deeply, ignoring key order', () => {
    expect(sameValue({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue('', null)).toBe(false);
  });

  it('names the fields that changed', () => {
    const after = withValueAt(withValueAt(record, '/b/c', false), '/b/d', []);
    expect(changedPaths(record, after)).toEqual(['/b/c', '/b/d']);
    expect(changedPaths(record, record)).toEqual([]);
    expect(changedPaths({ a: 1 }, { b: 1 })).toEqual(['/a', '/b']);
  });
});
