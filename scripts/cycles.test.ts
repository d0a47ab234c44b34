/**
 * The runtime-cycle gate on tiny fixture trees: which edges count, and what the allow-list
 * allows. The last case runs the gate on src/ itself, as `npm run lint` does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cycles, judge, KNOWN, runtimeGraph } from './cycles.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const trees: string[] = [];

/** A temp tree with the given files (path → source); returns its root. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cycles-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const t of trees.splice(0)) rmSync(t, { recursive: true, force: true });
});

/** The gate's verdict on a fixture tree, with an allow-list. */
function problems(files: Record<string, string>, known: { files: string[]; why: string }[] = []): string[] {
  const root = tree(files);
  return judge(cycles(runtimeGraph(join(root, 'src'))), known, root);
}

describe('runtime import cycles', () => {
  it('fails a runtime cycle, naming its files', () => {
    expect(problems({ 'src/a.ts': "import { b } from './b';\nexport const a = () => b;\n", 'src/b.ts': "import { a } from './a';\nexport const b = () => a;\n" })).toEqual([
      'runtime import cycle among 2 files: src/a.ts, src/b.ts',
    ]);
  });

  it('finds a cycle through re-exports and folders', () => {
    const found = problems({
      'src/x/a.ts': "export { c } from '../y/c';\n",
      'src/y/c.ts': "import { d } from './d';\nexport const c = d;\n",
      'src/y/d.ts': "import * as x from '../x/a';\nexport const d = x;\n",
    });
    expect(found).toEqual(['runtime import cycle among 3 files: src/x/a.ts, src/y/c.ts, src/y/d.ts']);
  });

  it('does not count type-only edges or dynamic import()', () => {
    expect(
      problems({
        'src/a.ts': "import type { B } from './b';\nexport type { C } from './c';\nexport const a = (b: B) => b;\n",
        'src/b.ts': "import { a } from './a';\nexport type B = typeof a;\n",
        'src/c.ts': "import { a } from './a';\nexport type C = typeof a;\nexport const lazy = () => import('./a');\n",
      }),
    ).toEqual([]);
  });

  it('counts `import { type A }`: under verbatimModuleSyntax it still loads the module', () => {
    expect(problems({ 'src/a.ts': "import { type B } from './b';\nexport type A = B;\n", 'src/b.ts': "import { a } from './a';\nexport type B = number;\nexport const b = a;\n" })).toHaveLength(1);
  });

  it('leaves tests out', () => {
    expect(problems({ 'src/a.ts': "import { t } from './a.test';\nexport const a = t;\n", 'src/a.test.ts': "import { a } from './a';\nexport const t = a;\n" })).toEqual([]);
  });

  const PAIR = { 'src/a.ts': "import { b } from './b';\nexport const a = () => b;\n", 'src/b.ts': "import { a } from './a';\nexport const b = () => a;\n" };
  const ALLOW = [{ files: ['src/a.ts', 'src/b.ts'], why: 'fixture' }];

  it('allows a listed cycle', () => {
    expect(problems(PAIR, ALLOW)).toEqual([]);
  });

  it('fails a listed cycle that grows beyond its files', () => {
    expect(problems({ ...PAIR, 'src/b.ts': "import { a } from './a';\nimport { c } from './c';\nexport const b = () => a + c;\n", 'src/c.ts': "import { b } from './b';\nexport const c = () => b;\n" }, ALLOW)).toEqual([
      'runtime import cycle grew beyond its allowed files (src/a.ts, src/b.ts); now also: src/c.ts',
    ]);
  });

  it('fails an allow-list entry whose cycle is gone', () => {
    expect(problems({ 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': "import { a } from './a';\nexport const b = a;\n" }, ALLOW)).toEqual([
      'allowed cycle no longer exists, delete it from scripts/cycles.mjs KNOWN: src/a.ts, src/b.ts',
    ]);
  });

  it('passes on src/ with the known cycles', () => {
    expect(judge(cycles(runtimeGraph(join(ROOT, 'src'))), KNOWN, ROOT)).toEqual([]);
  });
});
