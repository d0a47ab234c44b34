/**
 * The engine's front door, tested through the repository's own eslint.config.js: kubectl, the
 * worker and the CLI may import src/engine/index.ts and nothing else of the engine, whatever the
 * spelling or the kind of import. Removing the block from the config fails these.
 */
import { ESLint, type Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RULE = 'front-door/engine';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: fileURLToPath(new URL('../eslint.config.js', import.meta.url)) });
});

/** The front-door errors ESLint reports for `code` saved at `filePath` (repository-relative). */
async function doorErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m: Linter.LintMessage) => m.ruleId === RULE && m.severity === 2).map((m) => m.message);
}

const fails = async (filePath: string, code: string) => expect(await doorErrors(filePath, code), `${filePath}: ${code}`).toHaveLength(1);
const passes = async (filePath: string, code: string) => expect(await doorErrors(filePath, code), `${filePath}: ${code}`).toEqual([]);

describe('front-door/engine', () => {
  it('fails kubectl importing an engine module other than the index, at runtime or as a type', async () => {
    await fails('src/kubectl/session.ts', "import { Simulation } from '../engine/simulation';\nexport const S = Simulation;\n");
    await fails('src/kubectl/sim/curl.ts', "import type { World } from '../../engine/world';\nexport type W = World;\n");
    await fails('src/kubectl/sim/curl.ts', "import { type World } from '../../engine/world';\nexport type W = World;\n");
  });

  it('names the offending target and the door', async () => {
    const [message] = await doorErrors('src/kubectl/sim/status.ts', "import { queueLen } from '../../engine/client/workqueue';\nexport const q = queueLen;\n");
    expect(message).toContain('src/engine/client/workqueue');
    expect(message).toContain('src/engine/index.ts');
  });

  it('fails any spelling and any kind of import: through another folder, re-export, import(), import type', async () => {
    await fails('src/kubectl/sim/trace.ts', "import { trace } from '../commands/../../engine/runtime';\nexport const t = trace;\n");
    await fails('src/cli/main.ts', "export { step } from '../engine/dispatch';\n");
    await fails('src/cli/bench.ts', "export * from '../engine/faults';\n");
    await fails('src/worker/host.ts', "export const load = () => import('../engine/dispatch');\n");
    await fails('src/worker/host.ts', "export type W = import('../engine/world').World;\n");
  });

  it('holds in tests too: they see the engine as its clients do', async () => {
    await fails('src/kubectl/errors.test.ts', "import { Simulation } from '../engine/simulation';\nexport const S = Simulation;\n");
    await fails('src/worker/component-details.test.ts', "import { componentId } from '../engine/core/ids';\nexport const c = componentId;\n");
  });

  it('lets the clients use the door itself, however it is named', async () => {
    await passes('src/kubectl/session.ts', "import { Simulation } from '../engine/index';\nexport const S = Simulation;\n");
    await passes('src/worker/host.ts', "import type { Simulation } from '../engine';\nexport type S = Simulation;\n");
    await passes('src/cli/main.ts', "import { TOPOLOGIES } from '../engine/index.ts';\nexport const t = TOPOLOGIES;\n");
  });

  it('leaves the engine itself, and layers it does not guard, alone', async () => {
    await passes('src/engine/simulation.ts', "import { step } from './dispatch';\nexport const s = step;\n");
    await passes('src/ui/sequence/model.ts', "import type { TraceRecord } from '../../engine/core/trace';\nexport type R = TraceRecord;\n");
  });
});
