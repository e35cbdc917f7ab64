import { describe, expect, it } from 'vitest';
import { breakLongWords } from './long-words.ts';

// Widths in units: every character 1 wide unless listed.
const WIDE: Record<string, number> = { W: 2, i: 0.5, '😀': 2, '\u0301': 0, '\n': 0 };
const monospace = (s: string) => [...s].reduce((sum, c) => sum + (WIDE[c] ?? 1), 0);
// Kerning that makes a pair wider than its letters' sum: 0.2 extra between any two letters.
const kerned = (s: string) => monospace(s) + 0.2 * Math.max(0, [...s].length - 1);

describe('breakLongWords', () => {
  it.each([
    ['short words stay as they are', 'a bb ccc', 5, 'a bb ccc'],
    ['a word exactly a line wide stays whole', 'abcde fg', 5, 'abcde fg'],
    ['a longer word is cut into line-wide pieces', 'abcdefghijkl', 5, 'abcde\nfghij\nkl'],
    ['only the long word is cut; its neighbours and spaces stay', 'see abcdefgh now', 4, 'see abcd\nefgh now'],
    ['wide letters fill a piece sooner', 'WWWiiiiW', 4, 'WW\nWiiii\nW'],
    ['existing line breaks and tabs end words', 'abc\ndefgh\tij', 3, 'abc\ndef\ngh\tij'],
    ['a no-break space joins words, so the joined run is cut', 'ab\u00a0cd\u00a0ef', 4, 'ab\u00a0c\nd\u00a0ef'],
    ['a zero width space already ends a word', 'abc\u200bdef', 3, 'abc\u200bdef'],
    ['an emoji (a surrogate pair) is never split', 'a😀😀b', 2, 'a\n😀\n😀\nb'],
    ['an emoji joined by U+200D stays together', 'a👩\u200d💻b', 2, 'a\n👩\u200d💻\nb'],
    ['a letter keeps its combining accent', 'ae\u0301e\u0301e\u0301', 2, 'ae\u0301\ne\u0301e\u0301'],
    ['a letter wider than the line gets a piece of its own', 'WWW', 1, 'W\nW\nW'],
    ['an empty text stays empty', '', 5, ''],
    ['no width: nothing to fit', 'abcdefgh', 0, 'abcdefgh'],
  ])('%s', (_, text, width, expected) => {
    expect(breakLongWords(text, width, monospace)).toBe(expected);
  });

  it('leaves room for the line break, which a font may give a width, after every piece but the last', () => {
    const withBreak = (s: string) => monospace(s) + [...s].filter((c) => c === '\n').length;
    expect(breakLongWords('abcdefgh', 4, withBreak)).toBe('abc\ndef\ngh');
    expect(breakLongWords('abcdefg', 4, withBreak)).toBe('abc\ndefg');
  });

  it('checks each piece as a whole, so kerning never makes one overflow', () => {
    const out = breakLongWords('abcdefghij', 5, kerned);
    for (const piece of out.split('\n')) expect(kerned(piece)).toBeLessThanOrEqual(5);
    expect(out.replaceAll('\n', '')).toBe('abcdefghij');
    expect(out).toBe('abcd\nefgh\nij');
  });

  it('keeps every character, in order, and measures about once per piece for a 50,000-character word', () => {
    const word = 'x'.repeat(50_000);
    let measured = 0;
    const out = breakLongWords(`Notes: ${word} end`, 100, (s) => {
      measured += s.length;
      return s.replaceAll('\n', '').length;
    });
    const lines = out.split('\n');
    expect(lines).toHaveLength(500);
    // Each piece fits; the wrapper moves the first one under 'Notes:'.
    expect(lines.every((l) => l.split(' ').every((piece) => piece.length <= 100))).toBe(true);
    expect(out.replaceAll('\n', '')).toBe(`Notes: ${word} end`);
    // Linear work: far from the 50,000²/100 characters a glyph-by-glyph wrapper measures.
    expect(measured).toBeLessThan(3 * 50_000);
  });
});
