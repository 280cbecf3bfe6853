import { createCipheriv, randomBytes } from 'node:crypto';
import { createFieldCipher, FieldDecryptionError, fieldKeyId } from './field-encryption';

const OLD = Buffer.alloc(32, 1);
const NEW = Buffer.alloc(32, 2);

/** A value as the first scheme (`v1:`, no key id) wrote it. */
function legacyV1(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
}

describe('field encryption with key versions', () => {
  it('writes values that name their key, never the plaintext', () => {
    const cipher = createFieldCipher(NEW);
    const stored = cipher.encrypt('123456789');
    expect(stored).toMatch(new RegExp(`^v2:${fieldKeyId(NEW)}:[A-Za-z0-9+/=]+$`));
    expect(stored).not.toContain('123456789');
    expect(cipher.decrypt(stored)).toBe('123456789');
    expect(cipher.needsRotation(stored)).toBe(false);
  });

  it('after a rotation, reads values of an old key given in the old keys, and writes with the new', () => {
    const before = createFieldCipher(OLD).encrypt('123456789');
    const legacy = legacyV1(OLD, '987654321');
    const rotated = createFieldCipher(NEW, [OLD]);
    expect(rotated.decrypt(before)).toBe('123456789');
    expect(rotated.decrypt(legacy)).toBe('987654321');
    expect(rotated.needsRotation(before)).toBe(true);
    expect(rotated.needsRotation(legacy)).toBe(true);
    expect(rotated.encrypt('1').startsWith(`v2:${fieldKeyId(NEW)}:`)).toBe(true);
    expect(createFieldCipher(OLD).decrypt(legacy)).toBe('987654321');
  });

  it('fails loudly, never silently, when no configured key opens a value', () => {
    const stored = createFieldCipher(OLD).encrypt('123456789');
    const wrong = createFieldCipher(NEW);
    expect(() => wrong.decrypt(stored)).toThrow(FieldDecryptionError);
    expect(() => wrong.decrypt(stored)).toThrow(
      `a value is encrypted with key ${fieldKeyId(OLD)}, which is neither FIELD_ENCRYPTION_KEY`,
    );
    expect(() => wrong.decrypt(legacyV1(OLD, 'x'))).toThrow(/v1 value opens with neither/);
    // A damaged value (a changed byte) is refused by its GCM tag.
    const body = stored.slice(-8);
    const damaged = stored.slice(0, -8) + (body.startsWith('A') ? 'B' : 'A') + body.slice(1);
    expect(() => createFieldCipher(OLD).decrypt(damaged)).toThrow(/damaged/);
    expect(() => createFieldCipher(OLD).decrypt('plain text')).toThrow(/unknown/);
    expect(() => createFieldCipher(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});
