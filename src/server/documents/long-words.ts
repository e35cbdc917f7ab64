import { breakLongWords } from '../../core/documents/long-words.ts';

type Doc = PDFKit.PDFDocument;

// pdfkit lays out every text (doc.text and doc.heightOfString alike) in one internal method,
// _text, which wraps lines to options.width. Its types leave out these two internals.
interface TextOptions {
  width?: number;
  columns?: number;
  columnGap?: number;
  indent?: number;
  characterSpacing?: number;
  horizontalScaling?: number;
}
type TextLayout = (this: Doc, text: unknown, x?: unknown, y?: unknown, options?: unknown, lineCallback?: unknown) => Doc;
interface Internals {
  _text: TextLayout;
  _initOptions(this: Doc, x?: unknown, y?: unknown, options?: unknown): TextOptions;
}

/** The width of one line as pdfkit's line wrapper computes it from the text's options. */
function lineWidth(o: TextOptions): number {
  const scale = (o.horizontalScaling ?? 100) / 100;
  const columns = o.columns || 1;
  const gap = (o.columnGap ?? 18) * scale;
  return ((o.width ?? 0) * scale - gap * (columns - 1)) / columns - (o.indent ?? 0) * scale;
}

/**
 * Makes every text of `doc` go through breakLongWords before pdfkit wraps it, with the width it
 * will wrap to and the font in use: no word reaches pdfkit's glyph-by-glyph wrapping, whatever a
 * field holds (issue 22). Text drawn without a width (lineBreak: false) is not wrapped at all.
 */
export function breakLongWordsIn(doc: Doc) {
  const internals = doc as unknown as Internals;
  // A pdfkit upgrade that renames these must fail here, loudly, not freeze a server later.
  if (typeof internals._text !== 'function' || typeof internals._initOptions !== 'function') {
    throw new Error('pdfkit no longer lays out text in _text/_initOptions: update src/server/documents/long-words.ts');
  }
  const layout = internals._text;
  internals._text = function (text, x, y, options, lineCallback) {
    // The same options pdfkit resolves next (it sets doc.x and doc.y from x and y, as it will again).
    const resolved = internals._initOptions.call(this, x, y, options);
    if (resolved.width && text != null) {
      const spacing = resolved.characterSpacing ?? 0;
      // A hair under the line, so that pdfkit's rounding never finds a piece too wide.
      text = breakLongWords(String(text), lineWidth(resolved) - 0.01, (s) => this.widthOfString(s, resolved) + spacing);
    }
    return layout.call(this, text, x, y, options, lineCallback);
  };
}
