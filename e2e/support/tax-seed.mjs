// Seeds artist payments for the tax reporting e2e (manage-tax.spec.ts) into a stopped
// server's PGlite data directory, through the server's own database client and the same
// helpers its tests use. Run from packages/server with `node --import tsx`, the server
// stopped: `tax-seed.mjs <DATA_DIR>`. Prints the payees' artist ids as JSON.
import path from 'node:path';
import { openPglite } from '../../packages/server/src/db/client.ts';
import { DEV_FIELD_ENCRYPTION_KEY } from '../../packages/server/src/config.ts';
import { createFieldCipher } from '../../packages/server/src/lib/field-encryption.ts';
import {
  insertPayee,
  insertPayment,
} from '../../packages/server/src/modules/tax-reporting/testing.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: tax-seed.mjs <DATA_DIR>');
const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
const { db } = database;
const cipher = createFieldCipher(Buffer.from(DEV_FIELD_ENCRYPTION_KEY, 'hex'));
try {
  const over = await insertPayee(db, cipher, { name: 'E2E Over', tin: '111-22-0002' });
  await insertPayment(db, {
    artistId: over.artistId,
    amount: 40_000,
    completedOn: '2025-03-01T10:00:00Z',
  });
  await insertPayment(db, {
    artistId: over.artistId,
    amount: 20_000,
    completedOn: '2025-12-31T23:59:00Z',
  });
  const under = await insertPayee(db, cipher, { name: 'E2E Under', tin: '111-22-0001' });
  await insertPayment(db, {
    artistId: under.artistId,
    amount: 59_999,
    completedOn: '2025-06-01T10:00:00Z',
  });
  await insertPayment(db, {
    artistId: under.artistId,
    amount: 10_000,
    status: 'FAILED',
    createdOn: '2025-07-01T10:00:00Z',
  });
  const foreign = await insertPayee(db, cipher, {
    name: 'E2E Foreign',
    form: 'W-8BEN',
    tin: 'PT987654321',
  });
  await insertPayment(db, {
    artistId: foreign.artistId,
    amount: 90_000,
    completedOn: '2025-04-01T10:00:00Z',
  });
  console.log(
    JSON.stringify({ over: over.artistId, under: under.artistId, foreign: foreign.artistId }),
  );
} finally {
  await database.close();
}
