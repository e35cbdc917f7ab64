import { cp1252Byte } from '../../src/core/billing/cp1252.ts';

// Reading what the IIF export wrote: Node 20's TextDecoder reads 'windows-1252' as Latin-1 (0x96
// would come back as U+0096, not '–'), so the tests decode with the product's own table.
const CHAR_OF = new Map<number, string>();
for (let code = 0x100; code < 0x2200; code++) {
  const char = String.fromCharCode(code);
  const byte = cp1252Byte(char);
  if (byte !== null) CHAR_OF.set(byte, char);
}

/** cp1252 bytes as text. */
export const decodeCp1252 = (bytes: Uint8Array): string =>
  [...bytes].map((b) => CHAR_OF.get(b) ?? String.fromCharCode(b)).join('');
