/** A token this close to expiry is refreshed rather than sent. */
const EXPIRY_MARGIN_MS = 5_000;

/** The `exp` claim of a JWT in ms, or null when the token cannot be read. */
function jwtExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** True when the token can still be sent; the server stays the judge. */
export function isTokenUsable(token: string, now: number = Date.now()): boolean {
  const expiresAt = jwtExpiresAt(token);
  return expiresAt !== null && expiresAt - now > EXPIRY_MARGIN_MS;
}
