// Words wider than a line (a pasted URL, a 20,000-character string with no space) are cut into
// line-wide pieces before a document lays them out. A PDF line wrapper that meets such a word
// otherwise splits it glyph by glyph, measuring the rest of the word again for every line: seconds
// of work for one long word (issue 22). Cut here, each piece is measured about once.

/**
 * The characters that already end a word for line breaking: ordinary spaces and line breaks, the
 * breakable spaces of Unicode (U+1680, U+2000–U+2006, U+2008–U+200A, U+205F, U+3000) and the zero
 * width space. The no-break spaces (U+00A0, U+2007, U+202F) join words, so they stay inside one.
 */
const WORD = /[^\t\n\v\f\r \u1680\u2000-\u2006\u2008-\u200b\u205f\u3000]+/g;

/** What belongs to the character before it: accents and other marks, joiners, skin tones, tags. */
const JOINS_PREVIOUS = /[\p{M}\p{Emoji_Modifier}\u200d\u{e0020}-\u{e007f}]/u;

/**
 * Where the word's letters (as printed) start: a base character with its marks, a surrogate pair,
 * an emoji joined by U+200D. (Intl.Segmenter does this exactly, but takes seconds for 50,000
 * characters in V8.)
 */
function letterStarts(word: string): number[] {
  const starts: number[] = [];
  let previous = '';
  let at = 0;
  for (const c of word) {
    // Nothing below U+0300 (where the combining marks begin) joins the character before it.
    const joins = previous === '\u200d' || (c.charCodeAt(0) >= 0x300 && JOINS_PREVIOUS.test(c));
    if (starts.length === 0 || !joins) starts.push(at);
    previous = c;
    at += c.length;
  }
  starts.push(word.length);
  return starts;
}

/**
 * `text` with every word wider than `width` cut into pieces that each fit a line, joined by '\n'
 * (a line break, which prints nothing; measured with the piece before it, as a wrapper does). Narrower words are left whole, so the wrapper still moves
 * them to the next line as usual. A letter and its accents, a surrogate pair or an emoji sequence
 * is never cut; a single one wider than the line gets a piece of its own.
 * `measure` gives the printed width of a string in the same unit as `width`.
 */
export function breakLongWords(text: string, width: number, measure: (s: string) => number): string {
  if (!(width > 0)) return text;
  const widths = new Map<string, number>();
  // Per-character widths add up to about a word's width (kerning aside): a cheap first look.
  const estimate = (s: string, stopAbove = Infinity) => {
    let sum = 0;
    for (const c of s) {
      let w = widths.get(c);
      if (w === undefined) widths.set(c, (w = measure(c)));
      sum += w;
      if (sum > stopAbove) break;
    }
    return sum;
  };
  // The break goes into the text, and a wrapper measures it with the piece before it.
  const pieces = (word: string) => {
    const starts = letterStarts(word);
    const end = starts.length - 1;
    const breakWidth = estimate('\n');
    const fits = (to: number, sum: number) => sum + (to === end ? 0 : breakWidth) <= width;
    const out: string[] = [];
    for (let i = 0; i < end;) {
      let j = i + 1;
      let sum = estimate(word.slice(starts[i], starts[j]));
      while (j < end) {
        const next = estimate(word.slice(starts[j], starts[j + 1]));
        if (!fits(j + 1, sum + next)) break;
        sum += next;
        j++;
      }
      // Checked once as a whole, since kerning may make it wider than its letters' sum.
      while (j > i + 1 && measure(word.slice(starts[i], starts[j]) + (j === end ? '' : '\n')) > width) j--;
      out.push(word.slice(starts[i], starts[j]));
      i = j;
    }
    return out.join('\n');
  };
  return text.replace(WORD, (word) => (estimate(word, width) <= width ? word : pieces(word)));
}
