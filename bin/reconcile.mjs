#!/usr/bin/env node
// The `reconcile` bin: runs the TypeScript CLI through tsx's loader.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

register();
await import(fileURLToPath(new URL('../src/cli/main.ts', import.meta.url)));
