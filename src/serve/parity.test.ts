/**
 * The real-kubectl parity suite (issue #14): examples/parity.sh run headless through our port
 * (its golden transcript) and with the real kubectl against `reconcile serve --clock manual`,
 * compared line by line (parity.testing.ts drives waiting commands to the headless moment).
 * Every line allowed to differ is declared below with its reason; each is also listed in
 * docs/serve.md ("Known byte differences") and README's serve bullet.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskFiles } from '../cli/fs-source';
import { loadApiDocs } from '../kubectl/explain/load';
import { Session } from '../kubectl/session';
import { kubectlBinary } from './kubectl-binary.testing';
import { compareParity, runParity, type KnownDifference } from './parity.testing';
import { startServe, type Served } from './start';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const SCRIPT = readFileSync(join(EXAMPLES, 'parity.sh'), 'utf8');

const KNOWN: KnownDifference[] = [];

const kubectl = await kubectlBinary().catch((e: unknown) => {
  console.warn(`parity suite skipped: ${e instanceof Error ? e.message : String(e)}`);
  return undefined;
});

describe.skipIf(!kubectl)('real kubectl parity: examples/parity.sh served and headless', () => {
  let served: Served;
  let home: string;
  beforeAll(async () => {
    loadApiDocs();
    home = mkdtempSync(join(tmpdir(), 'reconcile-parity-'));
    served = await startServe({ seed: 1, topology: 'basic', port: 0, clock: 'manual', speed: 1 });
  });
  afterAll(async () => {
    await served?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('prints the same bytes, line by line, except the declared differences', async () => {
    const session = new Session({ seed: 1, fileSource: diskFiles(EXAMPLES) });
    const lines = await runParity(SCRIPT, { kubectl: kubectl!, served, home, cwd: EXAMPLES, session });
    const { report, unused } = compareParity(lines, KNOWN);
    expect(report, report).toBe('');
    expect(unused.map((k) => `${k.command}: ${k.reason}`)).toEqual([]);
    expect(served.cluster.sim.now).toBe(session.sim.now);
    expect(served.cluster.sim.revision).toBe(session.sim.revision);
  }, 120_000);
});
