/** The app the fuzz runs against: a small catalogue, a customer and a staff member. */
import type { DriverKind } from '../../db/client';
import { register } from '../../modules/auth/testing';
import { createTestApp, type TestContext } from '../app';
import { fuzzApp, identities, type FuzzOptions, type FuzzReport } from './generator';

const PASSWORD = 'fuzz horse battery staple';
const CUSTOMER = { email: 'fuzz-customer@example.com', password: PASSWORD };
const STAFF = { email: 'fuzz-staff@example.com', password: PASSWORD };

export async function fuzzContext(driver: DriverKind): Promise<TestContext> {
  const ctx = await createTestApp(driver, { images: 3 });
  await register(ctx.app, CUSTOMER.email, PASSWORD);
  await register(ctx.app, STAFF.email, PASSWORD);
  await ctx.database.db
    .updateTable('users')
    .set({ is_staff: true })
    .where('email', '=', STAFF.email)
    .execute();
  return ctx;
}

export const fuzz = (ctx: TestContext, options: FuzzOptions): Promise<FuzzReport> =>
  fuzzApp(ctx.app, identities(ctx.app, { customer: CUSTOMER, staff: STAFF }), options);
