import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/**
 * JSON Web Tokens as simplejwt makes them (signed and checked by jose): HS256, claims token_type ('access' | 'refresh'),
 * exp and iat (seconds), jti, user_id (the user's uuid) and family (one per sign-in,
 * kept through refresh rotation).
 */
export type TokenType = 'access' | 'refresh';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

const uuidClaim = z.string().regex(UUID);

const claimsSchema = z.object({
  token_type: z.enum(['access', 'refresh']),
  exp: z.number().int(),
  iat: z.number().int(),
  jti: uuidClaim,
  user_id: uuidClaim,
  family: uuidClaim,
});

type TokenClaims = z.infer<typeof claimsSchema>;

const epochSeconds = (date: Date = new Date()): number => Math.floor(date.getTime() / 1000);

export interface IssueOptions {
  type: TokenType;
  userUuid: string;
  family: string;
  /** Lifetime in seconds. */
  lifetime: number;
  now?: Date;
}

export interface IssuedToken {
  token: string;
  claims: TokenClaims;
  expires: Date;
}

const ALGORITHM = 'HS256';

export async function issueToken(secret: Buffer, options: IssueOptions): Promise<IssuedToken> {
  const iat = epochSeconds(options.now);
  const claims: TokenClaims = {
    token_type: options.type,
    exp: iat + options.lifetime,
    iat,
    jti: randomUUID(),
    user_id: options.userUuid,
    family: options.family,
  };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .sign(secret);
  return { token, claims, expires: new Date(claims.exp * 1000) };
}

export type VerifyResult =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'type' };

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Whether every segment is base64url as an encoder writes it. Decoders (jose's included)
 * ignore the unused low bits of a last character, so without this one token would have
 * several spellings that all verify.
 */
const isCanonical = (token: string): boolean =>
  token
    .split('.')
    .every(
      (part) =>
        BASE64URL.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part,
    );

/**
 * Checks the signature (HS256 only: any other `alg`, `none` included, is refused), the
 * claims, the token type and, unless `ignoreExpiry`, `exp`.
 */
export async function verifyToken(
  secret: Buffer,
  token: string,
  expected: TokenType,
  options: { now?: Date; ignoreExpiry?: boolean } = {},
): Promise<VerifyResult> {
  if (token.split('.').length !== 3 || !isCanonical(token)) {
    return { ok: false, reason: 'malformed' };
  }
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      ...(options.now ? { currentDate: options.now } : {}),
    }));
  } catch (error) {
    // jose checks exp only after the signature: an expired token's claims are genuine.
    if (error instanceof joseErrors.JWTExpired) {
      if (!options.ignoreExpiry) return { ok: false, reason: 'expired' };
      payload = error.payload;
    } else if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
      return { ok: false, reason: 'signature' };
    } else {
      return { ok: false, reason: 'malformed' };
    }
  }
  const parsed = claimsSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const claims = parsed.data;
  if (claims.token_type !== expected) return { ok: false, reason: 'type' };
  return { ok: true, claims };
}

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The JWT signing key: JWT_SECRET when set; otherwise a random key generated on the first
 * start and kept in DATA_DIR/jwt-secret (mode 0600), so restarts keep everyone signed in.
 * Replicas behind a load balancer must share JWT_SECRET.
 */
export async function loadJwtSecret(options: {
  jwtSecret: string | undefined;
  dataDir: string;
}): Promise<Buffer> {
  if (options.jwtSecret) return Buffer.from(options.jwtSecret, 'utf8');
  const file = path.join(options.dataDir, JWT_SECRET_FILE);
  const read = async (): Promise<Buffer> => {
    const text = (await readFile(file, 'utf8')).trim();
    if (text.length < 32) {
      throw new Error(
        `${file} holds no usable key (under 32 characters): delete it or set JWT_SECRET`,
      );
    }
    return Buffer.from(text, 'utf8');
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(options.dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(48).toString('base64url')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    // Another process starting at the same moment wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}
