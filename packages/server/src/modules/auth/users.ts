import {
  AUTH_ERRORS,
  AUTH_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
} from '@atelier/contracts';
import { ApiError } from '../../lib/errors';
import { passwordProblems, type PasswordHasher } from '../../lib/passwords';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from './email';
import { isUniqueViolation, type AuthRepository, type UserRow } from './repository';

export const NAME_MAX_LENGTH = 150;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

export interface NewAccount {
  email: string;
  password: string;
  name?: string | undefined;
  isStaff?: boolean;
}

/** The email check of every form: blank, too long, not an address. Null when fine. */
export function emailProblem(email: string): string | null {
  if (email === '') return AUTH_ERRORS.blank;
  if (email.length > EMAIL_MAX_LENGTH) return tooLong(EMAIL_MAX_LENGTH);
  if (!isValidEmail(email)) return AUTH_ERRORS.invalidEmail;
  return null;
}

/** Creating users and setting passwords, with djoser's checks and messages. */
export function createUsers(repository: AuthRepository, hasher: PasswordHasher) {
  const users = {
    hasher,

    /**
     * Creates a user (djoser registration rules): field errors first (email format, name
     * length, password blank or too long), then the password policy, then the address's
     * uniqueness. Throws a 400 ApiError naming the fields.
     */
    async create(input: NewAccount): Promise<UserRow> {
      const outcome = await users.register(input);
      if (outcome.taken) throw new ApiError(400, { email: [AUTH_MESSAGES.emailTaken] });
      return outcome.user;
    },

    /**
     * Registration that cannot tell whether the address has an account: the same checks as
     * `create` except uniqueness, the password hashed either way, and the owner of a taken
     * address answered (`taken: true`) instead of an error.
     */
    async register(input: NewAccount): Promise<{ user: UserRow; taken: boolean }> {
      const email = normalizeEmail(input.email);
      const name = (input.name ?? '').trim();
      const errors: Record<string, string[]> = {};
      const emailError = emailProblem(email);
      if (emailError) errors.email = [emailError];
      if (Array.from(name).length > NAME_MAX_LENGTH) errors.name = [tooLong(NAME_MAX_LENGTH)];
      if (input.password === '') errors.password = [AUTH_ERRORS.blank];
      else if (Array.from(input.password).length > PASSWORD_MAX_LENGTH)
        errors.password = [PASSWORD_MESSAGES.tooLong];
      if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
      const problems = passwordProblems(input.password);
      if (problems.length > 0) throw new ApiError(400, { password: problems });
      // Hashed before the lookup, whatever it finds: the hash is most of the answer's time.
      const password_hash = await hasher.hash(input.password);
      const existing = await repository.findUserByEmail(email);
      if (existing) return { user: existing, taken: true };
      try {
        const user = await repository.insertUser({
          email,
          name,
          password_hash,
          is_staff: input.isStaff ?? false,
        });
        return { user, taken: false };
      } catch (error) {
        // Two registrations for one address at the same moment: the index decides.
        if (!isUniqueViolation(error)) throw error;
        const winner = await repository.findUserByEmail(email);
        if (!winner) throw error;
        return { user: winner, taken: true };
      }
    },

    /** Checks the policy (400 `{field: [...]}`), hashes and stores a new password. */
    async setPassword(userId: number, password: string, field = 'password'): Promise<void> {
      const problems = passwordProblems(password);
      if (problems.length > 0) throw new ApiError(400, { [field]: problems });
      await repository.updateUser(userId, { password_hash: await hasher.hash(password) });
    },
  };
  return users;
}
