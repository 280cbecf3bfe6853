import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Stored values start with the scheme's version, so that a key rotation can tell them apart. */
const PREFIX = 'v1:';

export interface FieldCipher {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string;
}

/** AES-256-GCM for single columns (TINs, account numbers): `v1:` + base64(iv | tag | data). */
export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new Error('the field encryption key must be 32 bytes');
  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
    },
    decrypt(stored) {
      if (!stored.startsWith(PREFIX)) throw new Error('unknown field encryption scheme');
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
