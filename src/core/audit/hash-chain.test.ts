import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, linkHash, verdictText, verifyLinks, type StoredLink } from './hash-chain.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ a: { d: [3, { z: 1, y: 2 }], c: null } }, '{"a":{"c":null,"d":[3,{"y":2,"z":1}]}}'],
    [{ a: undefined, b: 'é "q"' }, '{"b":"é \\"q\\""}'],
    [[1, 'x', true, null], '[1,"x",true,null]'],
    [{ B: 1, a: 1, _: 1 }, '{"B":1,"_":1,"a":1}'],
  ])('%j → %s', (value, text) => expect(canonicalJson(value)).toBe(text));

  it('refuses numbers JSON cannot hold', () => expect(() => canonicalJson(Number.NaN)).toThrow());
});

function chain(contents: string[]): StoredLink[] {
  let prev: string | null = null;
  return contents.map((content, i) => {
    const hash = linkHash(sha256, content, prev);
    const link = { label: `entry ${i + 1}`, content, prevHash: prev, hash };
    prev = hash;
    return link;
  });
}

describe('verifyLinks', () => {
  const good = chain(['a', 'b', 'c', 'd']);
  it.each<[string, (links: StoredLink[]) => StoredLink[], string | null, string | null]>([
    ['an untouched chain', (l) => l, null, null],
    ['an empty chain', () => [], null, null],
    ['content changed in the second', (l) => l.map((x, i) => (i === 1 ? { ...x, content: 'B' } : x)), 'entry 2', 'content'],
    ['a stored hash changed in the third', (l) => l.map((x, i) => (i === 2 ? { ...x, hash: '0'.repeat(64) } : x)), 'entry 3', 'content'],
    ['the third removed', (l) => l.filter((_, i) => i !== 2), 'entry 4', 'link'],
    ['two swapped', (l) => [l[0]!, l[2]!, l[1]!, l[3]!], 'entry 3', 'link'],
    ['the first re-hashed with new content (later links still point at the old hash)', (l) => {
      const first = { ...l[0]!, content: 'A', hash: linkHash(sha256, 'A', null) };
      return [first, ...l.slice(1)];
    }, 'entry 2', 'link'],
  ])('%s', (_name, alter, label, reason) => {
    const verdict = verifyLinks(alter(good), sha256);
    if (label === null) expect(verdict.ok).toBe(true);
    else expect(verdict).toMatchObject({ ok: false, firstBad: { label, reason } });
  });

  it('continues from a given start hash (the audit log, verified in pages)', () => {
    const first = verifyLinks(good.slice(0, 2), sha256);
    expect(first.ok).toBe(true);
    const rest = verifyLinks(good.slice(2), sha256, first.ok ? first.lastHash : null, 2);
    expect(rest).toEqual({ ok: true, checked: 2, lastHash: good[3]!.hash });
  });

  it('says the verdict in words', () => {
    expect(verdictText(verifyLinks(good, sha256))).toBe('Chain verified: all 4 entries match their SHA-256 hashes.');
    const bad = verifyLinks(good.map((x, i) => (i === 1 ? { ...x, content: 'B' } : x)), sha256);
    expect(verdictText(bad)).toBe('Chain broken at entry 2: its content does not match its stored hash (changed after it was recorded).');
  });
});
