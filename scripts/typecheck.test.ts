/**
 * tsconfig.base.json's verbatimModuleSyntax: an import that names only types must say
 * `import type`, so whether an import loads code is visible in the source (the layer rule and the
 * cycle gate read exactly that).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** tsc's diagnostic codes for `a.ts` importing from `t.ts`, compiled with tsconfig.base.json. */
function diagnostics(importLine: string): number[] {
  const base = ts.readConfigFile(join(ROOT, 'tsconfig.base.json'), (p) => ts.sys.readFile(p));
  const { options } = ts.parseJsonConfigFileContent(base.config, ts.sys, ROOT);
  const dir = mkdtempSync(join(tmpdir(), 'verbatim-'));
  try {
    writeFileSync(join(dir, 't.ts'), 'export type T = number;\nexport const v = 1;\n');
    writeFileSync(join(dir, 'a.ts'), `${importLine}\nexport const x: T = 1;\n`);
    const program = ts.createProgram([join(dir, 'a.ts')], { ...options, lib: ['lib.es2022.d.ts'] });
    return ts.getPreEmitDiagnostics(program).map((d) => d.code);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('verbatimModuleSyntax', () => {
  it('is on in tsconfig.base.json: a type imported as a value fails (TS1484)', () => {
    expect(diagnostics("import { T } from './t';")).toContain(1484);
  });

  it('accepts the type imported with `import type`', () => {
    expect(diagnostics("import type { T } from './t';")).toEqual([]);
  });
});
