// Compiles the demo commands to JavaScript (`pnpm --filter @atelier/demo build` → dist/), for
// images that run no TypeScript: dist/first-start.js (before the server's first start) and
// dist/seed.js (more demo images). See the server's build-lib.mjs.
import { bundleNode } from '../../packages/server/build-lib.mjs';

await bundleNode({
  packageDir: import.meta.dirname,
  entryPoints: { 'first-start': 'src/first-start.ts', seed: 'src/cli.ts' },
  // Not a production dependency of the server, whose node_modules the image carries.
  inline: ['pino'],
});
