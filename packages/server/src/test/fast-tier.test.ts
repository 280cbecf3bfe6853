import Redis from 'ioredis';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/client';

/** The fast tier's setup (fast-tier.ts) keeps databases out: a misplaced test fails loudly. */
describe('the fast test tier', () => {
  const refusal = /fast test tier.*\*\.int\.test\.ts/s;

  it('refuses to open PGlite', async () => {
    await expect(openPglite()).rejects.toThrow(refusal);
  });

  it('refuses to open PostgreSQL', async () => {
    await expect(openPostgres('postgres://127.0.0.1:5432/none')).rejects.toThrow(refusal);
    expect(() => new pg.Client()).toThrow(refusal);
  });

  it('refuses to open Redis', () => {
    expect(() => new Redis('redis://127.0.0.1:6379', { lazyConnect: true })).toThrow(refusal);
  });
});
