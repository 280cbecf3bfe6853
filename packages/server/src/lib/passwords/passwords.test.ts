import { PASSWORD_MESSAGES } from '@atelier/contracts';
import type * as Argon2 from '@node-rs/argon2';
import fc from 'fast-check';
import {
  ARGON2_COST,
  createPasswordHasher,
  hashingConcurrency,
  isCommonPassword,
  loadCommonPasswords,
  passwordProblems,
} from './index';

jest.mock('@node-rs/argon2', () => {
  const actual = jest.requireActual<typeof Argon2>('@node-rs/argon2');
  return { ...actual, verify: jest.fn(actual.verify) };
});
const argon2 = jest.requireMock<typeof Argon2>('@node-rs/argon2');
const argon2Verify = argon2.verify as jest.MockedFunction<typeof argon2.verify>;

describe('password policy', () => {
  it('ships at least 1,000 distinct lowercase common passwords', () => {
    const list = loadCommonPasswords();
    expect(list.size).toBeGreaterThanOrEqual(1000);
    for (const entry of list) expect(entry).toBe(entry.toLowerCase());
    for (const known of ['123456', 'password', 'qwerty', 'iloveyou', 'letmein', '12345678']) {
      expect(list.has(known)).toBe(true);
    }
  });

  it('compares case-insensitively, ignoring surrounding spaces', () => {
    expect(isCommonPassword('PassWord123')).toBe(true);
    expect(isCommonPassword(' iloveyou ')).toBe(true);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });

  it.each([
    ['', ['This field may not be blank.']],
    ['zq7', [PASSWORD_MESSAGES.tooShort]],
    ['1234567', [PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.tooCommon]],
    ['qwertyuiop', [PASSWORD_MESSAGES.tooCommon]],
    ['x'.repeat(129), [PASSWORD_MESSAGES.tooLong]],
    ['x'.repeat(8) + 'y', []],
    ['z'.repeat(128), []],
    ['mots de passe à moi', []],
  ])('%j → %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
  });

  it('uses Django’s wording', () => {
    expect(PASSWORD_MESSAGES).toEqual({
      tooShort: 'This password is too short. It must contain at least 8 characters.',
      tooCommon: 'This password is too common.',
      tooLong: 'Ensure this field has no more than 128 characters.',
    });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('🎨🎨🎨🎨🎨🎨🎨')).toEqual([PASSWORD_MESSAGES.tooShort]); // 7 emoji
    expect(passwordProblems('🎨'.repeat(128))).toEqual([]);
  });

  it('has no composition rules: any long enough uncommon password passes', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 128, unit: 'grapheme-ascii' }), (pw) => {
        fc.pre(!isCommonPassword(pw) && pw.length >= 8);
        expect(passwordProblems(pw)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('argon2id hasher', () => {
  const hasher = createPasswordHasher();

  it('hashes with argon2id, 19 MiB, 2 passes, 1 lane, a random salt', async () => {
    expect(ARGON2_COST).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const a = await hasher.hash('correct horse battery staple');
    const b = await hasher.hash('correct horse battery staple');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify(a, 'correct horse battery staple')).toBe(true);
    expect(await hasher.verify(a, 'correct horse battery stapler')).toBe(false);
    expect(hasher.needsRehash(a)).toBe(false);
  });

  it('treats a malformed hash as a failed verification, and as needing a rehash', async () => {
    expect(await hasher.verify('!', 'anything')).toBe(false);
    expect(hasher.needsRehash('!')).toBe(true);
  });

  it('asks to rehash a hash made with another cost', async () => {
    const cheap = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const old = await cheap.hash('correct horse battery staple');
    expect(hasher.needsRehash(old)).toBe(true);
    expect(await hasher.verify(old, 'correct horse battery staple')).toBe(true);
  });

  it('spends a verification’s work on a dummy hash made at the hasher’s own cost', async () => {
    const real = await hasher.hash('x-password-x');
    argon2Verify.mockClear();
    await hasher.verifyDummy('wrong');
    await hasher.verifyDummy('wrong again');
    // A real argon2id verification of the guess, against a hash of the same cost as a
    // user's: the same work, so the answer's timing does not tell an unknown email.
    expect(argon2Verify).toHaveBeenCalledTimes(2);
    const [first, second] = argon2Verify.mock.calls as [string, string][];
    const [dummyHash = '', guess] = first ?? [];
    const [sameDummy] = second ?? [];
    expect(guess).toBe('wrong');
    expect(sameDummy).toBe(dummyHash);
    expect(dummyHash).not.toBe(real);
    expect(argon2.parseOptions(dummyHash)).toEqual(argon2.parseOptions(real));
    expect(hasher.needsRehash(dummyHash)).toBe(false);
  });

  it('hashes on the process’s share of the cores, one libuv thread left free', () => {
    expect(hashingConcurrency(2, 2, 4)).toBe(1);
    expect(hashingConcurrency(2, 1, 4)).toBe(2);
    expect(hashingConcurrency(1, 2, 4)).toBe(1);
    expect(hashingConcurrency(16, 1, 4)).toBe(3);
    expect(hashingConcurrency(16, 2, 16)).toBe(8);
  });

  it('verifies one at a time, fewer recent failures first, arrivals in order', async () => {
    const cheap = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
    const queued = createPasswordHasher(cheap, { concurrency: 1 });
    const stored = await createPasswordHasher(cheap).hash('right');
    await queued.verifyDummy('its dummy hash made beforehand');
    const done: string[] = [];
    const verify = (name: string, failures?: number) =>
      queued.verify(stored, 'wrong', failures === undefined ? undefined : { failures }).then(() => {
        done.push(name);
      });
    // The first starts at once; the others wait for it, then go by their failures.
    await Promise.all([
      verify('first', 30),
      verify('attacker', 30),
      verify('mistyped', 2),
      verify('attacker again', 30),
      verify('owner'),
      queued.verifyDummy('wrong', { failures: 1 }).then(() => done.push('unknown email')),
    ]);
    expect(done).toEqual([
      'first',
      'owner',
      'unknown email',
      'mistyped',
      'attacker',
      'attacker again',
    ]);
  });
});
