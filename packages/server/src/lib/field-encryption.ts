import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The first scheme: `v1:` + base64(iv | tag | data), without saying which key. Still read
 * (the current key, then each old one, the GCM tag telling which fits); never written.
 */
const LEGACY_PREFIX = 'v1:';
/**
 * The current scheme names its key: `v2:<key id>:` + base64(iv | tag | data), the key id
 * being the first 8 hex digits of the key's SHA-256 (docs/artist-portal.md: key rotation).
 */
const PREFIX = 'v2:';
const STORED = /^v2:([0-9a-f]{8}):([A-Za-z0-9+/=]+)$/;

export class FieldDecryptionError extends Error {
  override name = 'FieldDecryptionError';
}

export interface FieldCipher {
  /** The current key's id, the version every new value is written with. */
  readonly keyId: string;
  encrypt(plaintext: string): string;
  /** Throws a FieldDecryptionError when no configured key opens the value: never a guess. */
  decrypt(stored: string): string;
  /** Whether the value is not yet written with the current key (`pnpm fields:rotate`). */
  needsRotation(stored: string): boolean;
}

/** The id a stored value carries for `key`. */
export function fieldKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

function open(key: Buffer, raw: Buffer): string {
  const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * AES-256-GCM for single columns (TINs, account numbers). Writes with `key`; reads values
 * written with it or with any of `oldKeys` (FIELD_ENCRYPTION_OLD_KEYS), so that a new key can
 * be rolled out before `pnpm fields:rotate` re-encrypts the stored values.
 */
export function createFieldCipher(key: Buffer, oldKeys: readonly Buffer[] = []): FieldCipher {
  for (const k of [key, ...oldKeys]) {
    if (k.length !== 32) throw new Error('the field encryption key must be 32 bytes');
  }
  const keyId = fieldKeyId(key);
  const keys = new Map<string, Buffer>();
  for (const k of [key, ...oldKeys]) if (!keys.has(fieldKeyId(k))) keys.set(fieldKeyId(k), k);

  return {
    keyId,
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${PREFIX}${keyId}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
    },
    decrypt(stored) {
      const match = STORED.exec(stored);
      if (match) {
        const [, id = '', body = ''] = match;
        const k = keys.get(id);
        if (!k) {
          throw new FieldDecryptionError(
            `a value is encrypted with key ${id}, which is neither FIELD_ENCRYPTION_KEY ` +
              `(${keyId}) nor in FIELD_ENCRYPTION_OLD_KEYS`,
          );
        }
        try {
          return open(k, Buffer.from(body, 'base64'));
        } catch {
          throw new FieldDecryptionError(`a value encrypted with key ${id} is damaged`);
        }
      }
      if (stored.startsWith(LEGACY_PREFIX)) {
        const raw = Buffer.from(stored.slice(LEGACY_PREFIX.length), 'base64');
        for (const k of keys.values()) {
          try {
            return open(k, raw);
          } catch {
            // Not this key (the GCM tag does not match): try the next one.
          }
        }
        throw new FieldDecryptionError(
          'a v1 value opens with neither FIELD_ENCRYPTION_KEY nor any FIELD_ENCRYPTION_OLD_KEYS',
        );
      }
      throw new FieldDecryptionError('unknown field encryption scheme');
    },
    needsRotation(stored) {
      return !stored.startsWith(`${PREFIX}${keyId}:`);
    },
  };
}
