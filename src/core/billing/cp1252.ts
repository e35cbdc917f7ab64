// Windows-1252 (issue 38): QuickBooks Desktop reads IIF files in the machine's ANSI code page, which
// is Windows-1252 on US Windows. Latin-1 characters keep their byte; the 27 characters cp1252 puts
// in 0x80–0x9F (en dash, curly quotes, euro…) get theirs; anything else becomes a close ASCII
// spelling (accents dropped, ≤ → <=) or '?', so a name never arrives garbled.

const HIGH: Readonly<Record<string, number>> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a, '‹': 0x8b,
  'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99,
  'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/** Close ASCII spellings of common characters cp1252 lacks. */
const NEAR: Readonly<Record<string, string>> = {
  '‐': '-', '‑': '-', '‒': '-', '―': '-', '−': '-', '′': "'", '″': '"', '≤': '<=', '≥': '>=', '≠': '!=', '→': '->', '←': '<-',
  '\u00a0': ' ', '\u2002': ' ', '\u2003': ' ', '\u2009': ' ', '\u202f': ' ', 'ı': 'i', 'ł': 'l', 'Ł': 'L', 'đ': 'd', 'Đ': 'D', 'ß': 'ss',
};

/** The byte of one character in cp1252, or null when it has none. */
export function cp1252Byte(char: string): number | null {
  const code = char.codePointAt(0)!;
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  return HIGH[char] ?? null;
}

/** One character cp1252 lacks, as close as it can be said in cp1252: its base letter, an ASCII spelling, or '?'. */
export function cp1252Fallback(char: string): string {
  if (NEAR[char] !== undefined) return NEAR[char];
  const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  if (base !== char && base !== '' && [...base].every((c) => cp1252Byte(c) !== null)) return base;
  return '?';
}

/** The text in cp1252 bytes: no character is ever written as more than one garbled byte. */
export function encodeCp1252(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const byte = cp1252Byte(char);
    if (byte !== null) bytes.push(byte);
    else for (const c of cp1252Fallback(char)) bytes.push(cp1252Byte(c) ?? 0x3f);
  }
  return Uint8Array.from(bytes);
}
