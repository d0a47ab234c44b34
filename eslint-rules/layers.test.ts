/**
 * The lint gate, tested through the repository's own eslint.config.js: each case is a violation
 * the review found passing (code-review.md §1: A5, A8, C2, C3, E1, F2) or one the table forbids,
 * next to the legal neighbour it must not catch. Removing a rule from the config fails these.
 */
import { ESLint, type Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The errors ESLint reports for `code` saved at `filePath` (repository-relative), as `ruleId: message`. */
async function errors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m: Linter.LintMessage) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const fails = async (filePath: string, code: string, rule: string) => {
  const found = await errors(filePath, code);
  expect(found.some((e) => e.startsWith(`${rule}:`)), `${filePath} should fail ${rule}; got ${JSON.stringify(found)}`).toBe(true);
};
const passes = async (filePath: string, code: string) => expect(await errors(filePath, code)).toEqual([]);

describe('layers/imports: test support stays in tests', () => {
  it('fails a production engine file importing a *.testing module (A8)', async () => {
    await fails('src/engine/runtime.ts', "import { now } from './core/clock.testing';\nexport const t = now();\n", 'layers/imports');
  });

  it('fails a production UI file importing bridge/in-process.testing (E1)', async () => {
    await fails('src/ui/inspector/age.ts', "import { connectInProcess } from '../bridge/in-process.testing';\nexport const c = connectInProcess;\n", 'layers/imports');
  });

  it('fails production code importing a kit named testkit.ts or testing.ts', async () => {
    await fails('src/engine/simulation.ts', "import { boot } from './controllers/testkit';\nexport const b = boot;\n", 'layers/imports');
    await fails('src/kubectl/session.ts', "import { kit } from './testing';\nexport const k = kit;\n", 'layers/imports');
  });

  it('lets tests and test support import test support', async () => {
    await passes('src/ui/inspector/age.test.ts', "import { connectInProcess } from '../bridge/in-process.testing';\nexport const c = connectInProcess;\n");
    await passes('src/ui/instructor/x.testing.ts', "import { LabHarness } from './instructor.testing';\nexport const h = LabHarness;\n");
  });
});

describe('layers/imports: resolved paths, any spelling, dynamic too', () => {
  const TIME = "export const f = rfc3339;\n";

  it('fails a runtime engine import from the UI (C1)', async () => {
    await fails('src/ui/inspector/age.ts', `import { rfc3339 } from '../../engine/core/time';\n${TIME}`, 'layers/imports');
  });

  it('fails the same import spelled through another folder (C2)', async () => {
    await fails('src/ui/inspector/age.ts', `import { rfc3339 } from '../store/../../engine/core/time';\n${TIME}`, 'layers/imports');
    await fails('src/ui/inspector/age.ts', `import { rfc3339 } from './../../ui/../engine/core/time';\n${TIME}`, 'layers/imports');
  });

  it('fails a dynamic import() of engine, kubectl or worker code from src/ui and src/app (C3)', async () => {
    await fails('src/ui/inspector/age.ts', "export const t = () => import('../../engine/core/time');\n", 'layers/imports');
    await fails('src/app/App.tsx', "export const t = () => import('../kubectl/session');\n", 'layers/imports');
    await fails('src/app/App.tsx', "export const t = () => import('../worker/host');\n", 'layers/imports');
  });

  it('fails an import() whose specifier is computed', async () => {
    await fails('src/ui/inspector/age.ts', "const p = '../../engine/core/time';\nexport const t = () => import(p);\n", 'layers/imports');
  });

  it('keeps lazy imports of UI modules and of libraries working', async () => {
    await passes('src/app/App.tsx', "export const e = () => import('../ui/editor/YamlEditor');\n");
    await passes('src/ui/sequence/SequenceView.tsx', "export const m = () => import('mermaid');\n");
  });

  it('fails a re-export of engine runtime from the UI (C4)', async () => {
    await fails('src/ui/inspector/age.ts', "export { rfc3339 } from '../../engine/core/time';\n", 'layers/imports');
  });

  it('allows `import type` from the engine in the UI, and nothing from kubectl', async () => {
    await passes('src/ui/inspector/age.ts', "import type { World } from '../../engine/world';\nexport type W = World;\n");
    await fails('src/ui/inspector/age.ts', "import type { Session } from '../../kubectl/session';\nexport type S = Session;\n", 'layers/imports');
  });
});

describe('layers/imports: the table', () => {
  it('keeps src/k8s a leaf', async () => {
    await fails('src/k8s/time.ts', "import type { World } from '../engine/world';\nexport type W = World;\n", 'layers/imports');
  });

  it('keeps the engine off kubectl and the UI, and off UI libraries even lazily', async () => {
    await fails('src/engine/runtime.ts', "import { Session } from '../kubectl/session';\nexport const s = Session;\n", 'layers/imports');
    await fails('src/engine/runtime.ts', "export type S = import('../kubectl/session').Session;\n", 'layers/imports');
    await passes('src/kubectl/session.ts', "export type S = import('../engine').Simulation;\n");
    await fails('src/engine/runtime.ts', "export const r = () => import('react');\n", 'layers/imports');
    await passes('src/engine/runtime.ts', "import { rfc3339 } from '../k8s/time';\nexport const f = rfc3339;\n");
  });

  it('lets src/protocol import types only (runtime: src/k8s)', async () => {
    await fails('src/protocol/messages.ts', "import { Simulation } from '../engine/simulation';\nexport const s = Simulation;\n", 'layers/imports');
    await passes('src/protocol/messages.ts', "import type { Simulation } from '../engine/simulation';\nexport type S = Simulation;\n");
    await passes('src/protocol/messages.ts', "import { rfc3339 } from '../k8s/time';\nexport const f = rfc3339;\n");
  });

  it('keeps the worker off the UI', async () => {
    await fails('src/worker/host.ts', "import { t } from '../ui/i18n/catalog';\nexport const x = t;\n", 'layers/imports');
  });

  it('keeps src/cli off the UI (F2) but lets it use the rest', async () => {
    await fails('src/cli/main.ts', "import { status } from '../ui/store/status';\nexport const s = status;\n", 'layers/imports');
    await fails('src/cli/main.ts', "import { App } from '../app/App';\nexport const a = App;\n", 'layers/imports');
    await passes('src/cli/main.ts', "import { Session } from '../kubectl/session';\nexport const s = Session;\n");
    await passes('src/cli/lessons/check.ts', "import { loadLesson } from '../../lesson-runtime/load';\nexport const l = loadLesson;\n");
  });

  it('keeps src/serve a host: the engine front door, kubectl, the worker host (for attached pages) and src/k8s, never the UI', async () => {
    await fails('src/serve/server.ts', "import { status } from '../ui/store/status';\nexport const s = status;\n", 'layers/imports');
    await fails('src/serve/server.ts', "import { machine } from '../lesson-runtime/machine';\nexport const s = machine;\n", 'layers/imports');
    await passes('src/serve/attach/host.ts', "import { summary } from '../../worker/host';\nimport { isToWorker } from '../../protocol/messages';\nexport const s = [summary, isToWorker];\n");
    await fails('src/serve/server.ts', "import { useStore } from 'zustand';\nexport const u = useStore;\n", 'layers/imports');
    await fails('src/serve/server.ts', "import { worldOf } from '../engine/simulation';\nexport const w = worldOf;\n", 'front-door/engine');
    await passes('src/serve/server.ts', "import { Simulation } from '../engine/index';\nimport { Session } from '../kubectl/session';\nimport { createServer } from 'node:https';\nexport const x = [Simulation, Session, createServer];\n");
  });

  it('keeps src/lesson-runtime headless (the CLI runs it): no UI, which the UI and app may import', async () => {
    await fails('src/lesson-runtime/driver.ts', "import { t } from '../ui/i18n/catalog';\nexport const x = t;\n", 'layers/imports');
    await passes('src/ui/lessons/Lesson.tsx', "import { loadLesson } from '../../lesson-runtime/load';\nexport const l = loadLesson;\n");
  });

  it('says `import { type A }` when it means `import type`: verbatimModuleSyntax keeps the module load', async () => {
    await fails('src/ui/inspector/age.ts', "import { type World } from '../../engine/world';\nexport type W = World;\n", '@typescript-eslint/no-import-type-side-effects');
  });
});

describe('clock and reporting bans', () => {
  it('fails Intl.DateTimeFormat in the engine, kubectl and src/k8s (A5)', async () => {
    for (const file of ['src/engine/runtime.ts', 'src/kubectl/session.ts', 'src/k8s/time.ts']) {
      await fails(file, "export const s = new Intl.DateTimeFormat('en').format();\n", 'no-restricted-properties');
      await fails(file, 'const { DateTimeFormat } = Intl;\nexport const f = DateTimeFormat;\n', 'no-restricted-properties');
    }
  });

  it('reports unused bindings as errors in every layer', async () => {
    for (const file of ['src/engine/runtime.ts', 'src/kubectl/session.ts', 'src/cli/main.ts', 'src/ui/inspector/age.ts']) {
      await fails(file, 'const unused = 1;\nexport {};\n', '@typescript-eslint/no-unused-vars');
    }
  });
});
