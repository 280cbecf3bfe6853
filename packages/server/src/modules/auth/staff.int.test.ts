import { PassThrough } from 'node:stream';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';
import {
  createOrPromoteStaff,
  parseStaffArgs,
  readStaffPassword,
  StaffCommandError,
} from './staff';
import { register, signIn, withJwt } from './testing';

describe('staff command arguments', () => {
  it('reads --email, --name and --set-password, ignoring the `--` pnpm passes on', () => {
    expect(parseStaffArgs(['--', '--email', 'a@b.example', '--name', 'Ada Lovelace'])).toEqual({
      email: 'a@b.example',
      name: 'Ada Lovelace',
      setPassword: false,
    });
    expect(parseStaffArgs(['--email=a@b.example', '--set-password'])).toMatchObject({
      setPassword: true,
      name: undefined,
    });
  });

  it('refuses a missing --email and unknown options, with the usage', () => {
    expect(() => parseStaffArgs(['--name', 'x'])).toThrow(/--email is required[\s\S]*Usage/);
    expect(() => parseStaffArgs(['--email', 'a@b.example', '--admin'])).toThrow(StaffCommandError);
  });
});

describe('staff password sources', () => {
  const stdin = (text: string | null, isTTY = false) => {
    const stream = new PassThrough() as PassThrough & { isTTY?: boolean; setRawMode?: () => void };
    stream.isTTY = isTTY;
    if (isTTY) stream.setRawMode = () => undefined;
    if (text !== null) stream.end(text);
    return stream;
  };
  const stderr = () => {
    const out = new PassThrough();
    let written = '';
    out.on('data', (chunk: Buffer) => (written += chunk.toString()));
    return { out, written: () => written };
  };

  it('prefers ATELIER_PASSWORD', async () => {
    const password = await readStaffPassword(
      {
        env: { ATELIER_PASSWORD: 'from the env' },
        stdin: stdin('from stdin\n'),
        stderr: stderr().out,
      },
      true,
    );
    expect(password).toBe('from the env');
  });

  it('reads piped stdin without its final line break', async () => {
    const password = await readStaffPassword(
      { env: {}, stdin: stdin('piped secret pass\n'), stderr: stderr().out },
      true,
    );
    expect(password).toBe('piped secret pass');
  });

  it('asks nothing when no password is needed', async () => {
    const input = stdin(null);
    expect(await readStaffPassword({ env: {}, stdin: input, stderr: stderr().out }, false)).toBe(
      undefined,
    );
  });

  it('prompts twice on a terminal without echoing, with backspace', async () => {
    const input = stdin(null, true);
    const err = stderr();
    const reading = readStaffPassword({ env: {}, stdin: input, stderr: err.out }, true);
    input.write('secret paxx\u007f\u007fss\r');
    await new Promise((resolve) => setImmediate(resolve));
    input.write('secret pass\r');
    expect(await reading).toBe('secret pass');
    expect(err.written()).toBe('Password: \nPassword (again): \n');
  });

  it('refuses two different typed passwords', async () => {
    const input = stdin(null, true);
    const reading = readStaffPassword({ env: {}, stdin: input, stderr: stderr().out }, true);
    input.write('one password\r');
    await new Promise((resolve) => setImmediate(resolve));
    input.write('another password\r');
    await expect(reading).rejects.toThrow('The two passwords differ.');
  });
});

describe.each(TEST_DRIVERS)('createOrPromoteStaff on %s', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const me = async (email: string, password: string) => {
    const { access } = await signIn(ctx.app, email, password);
    return (await ctx.app.inject({ url: '/auth/users/me/', headers: withJwt(access) })).json<{
      is_staff: boolean;
      name: string;
    }>();
  };

  it('creates a staff user who can sign in', async () => {
    const result = await createOrPromoteStaff(ctx.database.db, {
      email: ' Ada@EXAMPLE.com',
      name: 'Ada',
      password: 'a long staff passphrase',
    });
    expect(result).toMatchObject({
      created: true,
      passwordSet: true,
      user: { email: 'Ada@example.com', name: 'Ada', isActive: true },
    });
    expect(await me('ada@example.com', 'a long staff passphrase')).toMatchObject({
      is_staff: true,
      name: 'Ada',
    });
  });

  it('promotes an existing user, keeping their password unless one is given', async () => {
    await register(ctx.app, 'promote@example.com', 'their own passphrase', 'Pro');
    const result = await createOrPromoteStaff(ctx.database.db, { email: 'PROMOTE@example.com' });
    expect(result).toMatchObject({ created: false, passwordSet: false, user: { name: 'Pro' } });
    expect(await me('promote@example.com', 'their own passphrase')).toMatchObject({
      is_staff: true,
    });
    await createOrPromoteStaff(ctx.database.db, {
      email: 'promote@example.com',
      name: 'Promoted',
      password: 'a replaced passphrase',
    });
    expect(await me('promote@example.com', 'a replaced passphrase')).toMatchObject({
      name: 'Promoted',
    });
  });

  it('applies the password policy and needs a password for a new user', async () => {
    await expect(
      createOrPromoteStaff(ctx.database.db, { email: 'weak@example.com', password: 'password1' }),
    ).rejects.toThrow('password: This password is too common.');
    await expect(
      createOrPromoteStaff(ctx.database.db, { email: 'weak@example.com', password: 'short' }),
    ).rejects.toThrow(/too short/);
    await expect(
      createOrPromoteStaff(ctx.database.db, { email: 'nopass@example.com' }),
    ).rejects.toThrow(/needs a password/);
    await expect(
      createOrPromoteStaff(ctx.database.db, {
        email: 'not-an-email',
        password: 'long enough pass',
      }),
    ).rejects.toThrow('email: Enter a valid email address.');
    const rows = await ctx.database.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', ['weak@example.com', 'nopass@example.com'])
      .execute();
    expect(rows).toEqual([]);
  });
});
