import { z } from 'zod';

/** SPEC §3 User, as `GET /auth/users/me/` answers it. */
export const user = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  is_staff: z.boolean(),
});
export type User = z.infer<typeof user>;

/** SPEC §3 Token pair (simplejwt). */
export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

/** SPEC §3 Profile: the session profile of a guest (cookie) or a signed-in user (JWT). */
export const sessionProfile = z.object({
  /** The user's uuid; null for a guest. */
  user_id: z.string().nullable(),
  current_project: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  current_workspace: z.object({ name: z.string() }).nullable(),
  /** 'payment' means artist onboarding is complete and the profile link is valid. */
  application_stage: z.string().nullable(),
});
export type SessionProfile = z.infer<typeof sessionProfile>;

/** djoser's registration answer: never the password. */
export const registeredUser = z.object({ uuid: z.string(), email: z.string(), name: z.string() });
export type RegisteredUser = z.infer<typeof registeredUser>;

/** simplejwt's error for a bad, expired or revoked token. */
export const tokenError = z.object({
  detail: z.string(),
  code: z.string(),
});
export type TokenError = z.infer<typeof tokenError>;

/** Password policy (ARCHITECTURE: NIST-style length rules, no composition rules). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** simplejwt / djoser wording the clients match on. */
export const AUTH_MESSAGES = {
  badCredentials: 'No active account found with the given credentials',
  tokenNotValid: 'Token is invalid or expired',
  invalidResetToken: 'Invalid token for given user.',
  invalidUid: 'Invalid user id or user doesn\u2019t exist.',
  emailTaken: 'user with this email address already exists.',
  notAuthenticated: 'Authentication credentials were not provided.',
} as const;
