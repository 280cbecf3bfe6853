import { z } from 'zod';
import { pageOf } from './common';

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

/** More simplejwt / djoser / DRF wording the server answers with. */
export const AUTH_ERRORS = {
  /** simplejwt: an access token that is bad, expired or revoked (any route). */
  tokenNotValidForAnyType: 'Given token not valid for any token type',
  /** simplejwt: a refresh token presented again after it was rotated or revoked. */
  tokenBlacklisted: 'Token is blacklisted',
  userInactive: 'User is inactive',
  permissionDenied: 'You do not have permission to perform this action.',
  invalidEmail: 'Enter a valid email address.',
  required: 'This field is required.',
  blank: 'This field may not be blank.',
} as const;

/** Django's password validators (length and common-password), as djoser reports them. */
export const PASSWORD_MESSAGES = {
  tooShort: `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooCommon: 'This password is too common.',
  tooLong: `Ensure this field has no more than ${PASSWORD_MAX_LENGTH} characters.`,
} as const;

/** POST /auth/users/ (djoser registration). */
export const registration = z.object({
  email: z.string(),
  password: z.string(),
  name: z.string().optional(),
});
export type Registration = z.infer<typeof registration>;

/** POST /auth/jwt/create/ (simplejwt; the username field is the email). */
export const credentials = z.object({ email: z.string(), password: z.string() });
export type Credentials = z.infer<typeof credentials>;

/** POST /auth/jwt/refresh/. */
export const refreshRequest = z.object({ refresh: z.string() });

/** POST /auth/users/reset_password/. */
export const resetPasswordRequest = z.object({ email: z.string() });

/** POST /auth/users/reset_password_confirm/ (uid is the user's uuid). */
export const resetPasswordConfirm = z.object({
  uid: z.string(),
  token: z.string(),
  new_password: z.string(),
});
export type ResetPasswordConfirm = z.infer<typeof resetPasswordConfirm>;

/** A 401 from simplejwt: `{detail, code}`, and for an access token also `messages`. */
export const authError = z.object({
  detail: z.string(),
  code: z.string().optional(),
  messages: z
    .array(z.object({ token_class: z.string(), token_type: z.string(), message: z.string() }))
    .optional(),
});
export type AuthError = z.infer<typeof authError>;

/** SPEC §3 Location value; `formatted_address` is what lists show. */
export const locationValue = z.looseObject({
  label: z.string().optional(),
  name: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  formatted_address: z.string().optional(),
  place_id: z.string().optional(),
  url: z.string().optional(),
});

/** SPEC §3 Artist profile, as `GET /api/artist-profile/?user_uuid=…` lists it. */
export const artistProfile = z.object({
  id: z.number().int(),
  full_name: z.string(),
  /** URL of the photo under /media/, or null. */
  photo: z.string().nullable(),
  bio: z.string(),
  email: z.string(),
  approved: z.boolean(),
  created: z.string(),
  location: locationValue.nullable(),
});
export type ArtistProfile = z.infer<typeof artistProfile>;

export const artistProfilePage = pageOf(artistProfile);
export type ArtistProfilePage = z.infer<typeof artistProfilePage>;

/** The application_stage of a profile whose artist onboarding is complete (SPEC §3). */
export const APPLICATION_STAGE_COMPLETE = 'payment';
