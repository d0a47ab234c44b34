/**
 * The real-kubectl parity suite (issue #14): examples/parity.sh run headless through our port
 * (its golden transcript) and with the real kubectl against `reconcile serve --clock manual`,
 * compared line by line (parity.testing.ts drives waiting commands to the headless moment).
 * Every line allowed to differ is declared below with its reason; each is also listed in
 * docs/serve.md ("Known byte differences") and README's serve bullet. PARITY_VERBOSE=1 prints
 * each line's wall time and any realignment of the served clock.
 */
import { describe, expect, it } from 'vitest';
import { compareParity, type KnownDifference, type ParityLine } from './parity.testing';
import { describeEventsAge, parityScript } from './parity-suite.testing';

const KNOWN: KnownDifference[] = [
  describeEventsAge('kubectl describe deployment web'),
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

await parityScript('parity.sh', KNOWN, 120_000);

describe('the parity comparison', () => {
  const line = (command: string, headless: string, served: string): ParityLine => ({ command, headless: { stdout: headless, stderr: '', code: 0 }, served: { stdout: served, stderr: '', code: 0 }, realigned: 0, requests: 1, wallMs: 0 });

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

  it("leaves out one side's lines a one-sided rule names, and only there", () => {
    const known: KnownDifference[] = [{ command: 'kubectl describe node', stream: 'stdout', line: /^ {2}Kube-Proxy Version:/, only: 'served', reason: 'an older kubectl prints it' }];
    const ok = compareParity([line('kubectl describe node', 'a\nb\n', 'a\n  Kube-Proxy Version:  \nb\n')], known);
    expect(ok).toEqual({ report: '', unused: [] });
    const bad = compareParity([line('kubectl describe node', 'a\n  Kube-Proxy Version:  \n', 'a\n')], known);
    expect(bad.report).toBe(['headless (-) and served with the real kubectl (+) differ:', '$ kubectl describe node', '  stdout line 2:', '    - "  Kube-Proxy Version:  "', '    + (none)'].join('\n'));
    expect(bad.unused).toEqual(known);
  });
});
