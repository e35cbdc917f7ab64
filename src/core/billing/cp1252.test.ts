import { describe, expect, it } from 'vitest';
import { decodeCp1252 } from '../../../test/helpers/cp1252.ts';
import { encodeCp1252 } from './cp1252.ts';

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');

describe('encodeCp1252', () => {
  it.each([
    ['plain ASCII', 'Acme, Inc.\t12\r\n', '41 63 6d 65 2c 20 49 6e 63 2e 09 31 32 0d 0a'],
    ['en and em dash', 'a–b—c', '61 96 62 97 63'],
    ['curly quotes, ellipsis, euro', '‘x’ “y” … €', '91 78 92 20 93 79 94 20 85 20 80'],
    ['Latin-1 letters keep their byte', 'Café Müller', '43 61 66 e9 20 4d fc 6c 6c 65 72'],
    ['letters with accents cp1252 lacks lose the accent', 'Łódź Ő', '4c f3 64 7a 20 4f'],
    ['a close ASCII spelling', '≤ 5 − 2', '3c 3d 20 35 20 2d 20 32'],
    ['no spelling: a question mark', 'Tōkyō 東京 🙂', '54 6f 6b 79 6f 20 3f 3f 20 3f'],
  ])('%s', (_name, text, bytes) => {
    expect(hex(encodeCp1252(text))).toBe(bytes);
  });

  it('round-trips every character cp1252 has', () => {
    const text = 'Smith & Sons – “Roof” leak, Café ½ € Œuvre ™';
    expect(decodeCp1252(encodeCp1252(text))).toBe(text);
    expect(decodeCp1252(Uint8Array.from([0x96, 0x93, 0xe9]))).toBe('–“é');
  });
});
