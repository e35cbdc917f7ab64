import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** AES-256-GCM for the calendar tokens at rest: 'v1.' + base64(iv ‖ tag ‖ ciphertext). */
export class TokenCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the token key must be 32 bytes');
  }

  /** A key derived from another secret (used when no key is configured, e.g. tests). */
  static derivedFrom(secret: string): TokenCipher {
    return new TokenCipher(Buffer.from(hkdfSync('sha256', secret, 'casebook', 'calendar-token-key', 32)));
  }

  encrypt(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
  }

  /** Throws when the text was not written with this key (GCM's tag does not match). */
  decrypt(sealed: string): string {
    if (!sealed.startsWith(`${VERSION}.`)) throw new Error('not an encrypted token');
    const raw = Buffer.from(sealed.slice(VERSION.length + 1), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/** TOKEN_ENCRYPTION_KEY as 64 hex characters or base64 of 32 bytes. */
export function parseTokenKey(text: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
}
