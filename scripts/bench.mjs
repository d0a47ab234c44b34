#!/usr/bin/env node
/**
 * `npm run bench [-- pending | protocol | curve [N …]]`: bundles src/cli/bench.ts and runs it.
 *
 * The engine is measured as the page runs it — one bundle, functions as written — not as tsx
 * runs it for development: tsx compiles with esbuild's keepNames, which wraps every function and
 * closure in a naming call, and at scale that alone costs about a tenth of the run. The bundle
 * lands in .bench/cli/ (two folders deep, as src/cli is, so the bench's own relative paths to
 * examples/ still resolve).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, '.bench', 'cli', 'bench.mjs');

await build({
  entryPoints: [join(root, 'src', 'cli', 'bench.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Libraries load from node_modules as they are; only the project's own TypeScript is bundled.
  packages: 'external',
  outfile,
  sourcemap: true,
  logLevel: 'warning',
});

const run = spawnSync(process.execPath, ['--max-old-space-size=8192', outfile, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
