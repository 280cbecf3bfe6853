// Compiles the server to JavaScript: `pnpm --filter @atelier/server build` → dist/.
// One CommonJS bundle per entry (the server and its command-line tools), the workspace
// packages (TypeScript sources) bundled in, every npm dependency left to node_modules; the
// files the code reads beside itself (__dirname) copied next to the bundles.
import { bundleNode } from './build-lib.mjs';

await bundleNode({
  packageDir: import.meta.dirname,
  entryPoints: {
    server: 'src/server.ts',
    // PGlite's search threads (src/modules/search/threads/spawn.ts loads it beside server.js).
    'search-thread': 'src/modules/search/threads/thread-entry.ts',
    'catalogue-import': 'src/modules/catalogue-import/cli.ts',
    'staff-create': 'src/modules/auth/staff-cli.ts',
    'fields-rotate': 'src/db/rotate-fields-cli.ts',
  },
});
