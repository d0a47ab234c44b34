#!/usr/bin/env node
// The `reconcile` bin: runs the TypeScript CLI through tsx's loader. `reconcile serve …` serves
// the simulation to real kubectls (src/serve); anything else is the headless runner (src/cli).
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

register();
if (process.argv[2] === 'serve') {
  process.argv.splice(2, 1);
  await import(fileURLToPath(new URL('../src/serve/main.ts', import.meta.url)));
} else await import(fileURLToPath(new URL('../src/cli/main.ts', import.meta.url)));
