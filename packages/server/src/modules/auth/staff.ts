import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { createPasswordHasher, type PasswordHasher } from '../../lib/passwords';
import { normalizeEmail } from './email';
import { createAuthRepository } from './repository';
import { createUsers, emailProblem, NAME_MAX_LENGTH } from './users';

/** A problem to print to the person at the terminal (exit status 1, no stack). */
export class StaffCommandError extends Error {
  override name = 'StaffCommandError';
}

const STAFF_USAGE =
  'Usage: pnpm staff:create -- --email <email> [--name "<name>"] [--set-password]\n' +
  '  The password comes from ATELIER_PASSWORD, else a prompt (no echo), else stdin.\n' +
  '  An existing user is promoted to staff; their password changes only with\n' +
  '  ATELIER_PASSWORD or --set-password.';

export interface StaffArgs {
  email: string;
  name: string | undefined;
  setPassword: boolean;
}

export function parseStaffArgs(argv: string[]): StaffArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv.filter((arg) => arg !== '--'),
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        'set-password': { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    throw new StaffCommandError(`${(error as Error).message}\n${STAFF_USAGE}`);
  }
  if (!values.email) throw new StaffCommandError(`--email is required\n${STAFF_USAGE}`);
  return { email: values.email, name: values.name, setPassword: values['set-password'] === true };
}

/** "field: message" lines of a 400 ApiError. */
const describe = (error: ApiError): string =>
  Object.entries(error.body)
    .map(
      ([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(' ') : messages}`,
    )
    .join('\n');

export interface StaffResult {
  created: boolean;
  passwordSet: boolean;
  user: { uuid: string; email: string; name: string; isActive: boolean };
}

/**
 * Creates a staff user, or promotes an existing one (same email, any case). A new user
 * needs a password, checked by the sign-up policy; an existing user's password changes only
 * when one is given.
 */
export async function createOrPromoteStaff(
  db: Kysely<DB>,
  input: { email: string; name?: string | undefined; password?: string | undefined },
  options: { hasher?: PasswordHasher } = {},
): Promise<StaffResult> {
  const repository = createAuthRepository(db);
  const users = createUsers(repository, options.hasher ?? createPasswordHasher());
  const email = normalizeEmail(input.email);
  const problem = emailProblem(email);
  if (problem) throw new StaffCommandError(`email: ${problem}`);
  const name = input.name?.trim();
  if (name !== undefined && Array.from(name).length > NAME_MAX_LENGTH) {
    throw new StaffCommandError(`name: at most ${NAME_MAX_LENGTH} characters`);
  }
  try {
    const existing = await repository.findUserByEmail(email);
    if (existing) {
      if (input.password !== undefined) await users.setPassword(existing.id, input.password);
      await repository.updateUser(existing.id, {
        is_staff: true,
        ...(name !== undefined ? { name } : {}),
      });
      return {
        created: false,
        passwordSet: input.password !== undefined,
        user: {
          uuid: existing.uuid,
          email: existing.email,
          name: name ?? existing.name,
          isActive: existing.is_active,
        },
      };
    }
    if (input.password === undefined) {
      throw new StaffCommandError(
        'A new user needs a password: set ATELIER_PASSWORD, type it at the prompt or pipe it on stdin.',
      );
    }
    const user = await users.create({ email, name, password: input.password, isStaff: true });
    return {
      created: true,
      passwordSet: true,
      user: { uuid: user.uuid, email: user.email, name: user.name, isActive: user.is_active },
    };
  } catch (error) {
    if (error instanceof ApiError) throw new StaffCommandError(describe(error));
    throw error;
  }
}

interface PasswordSources {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stderr: NodeJS.WritableStream;
}

/** Reads a line typed at a terminal without echoing it. */
function promptHidden(question: string, sources: PasswordSources): Promise<string> {
  const { stdin, stderr } = sources;
  stderr.write(question);
  stdin.setRawMode?.(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string | Buffer) => {
      for (const char of chunk.toString()) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new StaffCommandError('Cancelled.'));
        if (char === '\u007f' || char === '\b') value = Array.from(value).slice(0, -1).join('');
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** All of stdin, without its final line break. */
async function readAll(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Buffer | string));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * The password: ATELIER_PASSWORD if set; else, when `needed`, typed twice at a terminal
 * (no echo) or read from stdin. Undefined when not needed and not given.
 */
export async function readStaffPassword(
  sources: PasswordSources,
  needed: boolean,
): Promise<string | undefined> {
  const fromEnv = sources.env.ATELIER_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!needed) return undefined;
  if (sources.stdin.isTTY) {
    const first = await promptHidden('Password: ', sources);
    const again = await promptHidden('Password (again): ', sources);
    if (first !== again) throw new StaffCommandError('The two passwords differ.');
    return first;
  }
  return readAll(sources.stdin);
}
