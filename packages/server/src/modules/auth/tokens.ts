import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * JSON Web Tokens as simplejwt makes them: HS256, claims token_type ('access' | 'refresh'),
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

export type TokenClaims = z.infer<typeof claimsSchema>;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const sign = (secret: Buffer, input: string): Buffer =>
  createHmac('sha256', secret).update(input).digest();

export const epochSeconds = (date: Date = new Date()): number => Math.floor(date.getTime() / 1000);

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

export function issueToken(secret: Buffer, options: IssueOptions): IssuedToken {
  const iat = epochSeconds(options.now);
  const claims: TokenClaims = {
    token_type: options.type,
    exp: iat + options.lifetime,
    iat,
    jti: randomUUID(),
    user_id: options.userUuid,
    family: options.family,
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return {
    token: `${input}.${sign(secret, input).toString('base64url')}`,
    claims,
    expires: new Date(claims.exp * 1000),
  };
}

export type VerifyResult =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'type' };

function parseJson(base64url: string): unknown {
  try {
    return JSON.parse(Buffer.from(base64url, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Checks the signature (HS256 only: any other `alg`, `none` included, is refused), the
 * claims, the token type and, unless `ignoreExpiry`, `exp`.
 */
export function verifyToken(
  secret: Buffer,
  token: string,
  expected: TokenType,
  options: { now?: Date; ignoreExpiry?: boolean } = {},
): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  const headerJson = parseJson(header) as { alg?: unknown } | undefined;
  if (!headerJson || headerJson.alg !== 'HS256') return { ok: false, reason: 'malformed' };
  const given = Buffer.from(signature, 'base64url');
  const wanted = sign(secret, `${header}.${payload}`);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    return { ok: false, reason: 'signature' };
  }
  const parsed = claimsSchema.safeParse(parseJson(payload));
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const claims = parsed.data;
  if (claims.token_type !== expected) return { ok: false, reason: 'type' };
  if (!options.ignoreExpiry && epochSeconds(options.now) >= claims.exp) {
    return { ok: false, reason: 'expired' };
  }
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
