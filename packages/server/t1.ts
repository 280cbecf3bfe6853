import { createTestApp } from './src/test/app';
(async () => {
  const ctx = await createTestApp('pglite', { config: { searchThreads: 1 } });
  try {
    console.log(await ctx.app.searchThreads!.search({ q: 'zebra', sort: 'newest', limit: 10, offset: 0 }, { userId: null, userUuid: null, isStaff: false }));
  } catch (e) { console.error('ERR', e); }
  await ctx.close();
})();
