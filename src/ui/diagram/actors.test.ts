import { describe, expect, it } from 'vitest';
import { hopEndpoints, lastHop } from './actors';
import { toFlowGraph } from './model';
import { realRun } from './run.testing';
import { rec } from './testkit';

describe('hopEndpoints on a real run', () => {
  it('draws both ends of every message of a deployment rollout and a node failure', () => {
    const run = realRun(['kubectl apply -f go-api.yaml', 'sim advance 20s', 'sim fail node/node-2', 'sim advance 5s']);
    const g = toFlowGraph(run.components, run.objects, run.trace);
    const drawn = new Set(g.nodes.map((n) => n.id));
    expect(run.trace.length).toBeGreaterThan(100);
    const missing = new Set<string>();
    for (const r of run.trace) {
      const { from, to } = hopEndpoints(r, run.components);
      if (!drawn.has(from)) missing.add(`${r.kind} ${r.from}`);
      if (!drawn.has(to)) missing.add(`${r.kind} ${r.to}`);
    }
    expect([...missing]).toEqual([]);
    // Controllers' messages leave from kube-controller-manager.
    const rs = run.trace.find((r) => r.from === 'replicaset-controller' && r.kind === 'request')!;
    expect(hopEndpoints(rs, run.components).from).toBe('kube-controller-manager');
  });
});

describe('lastHop', () => {
  it('skips Events and Lease renewals', () => {
    expect(lastHop([rec(1, 'a', 'b'), rec(2, 'c', 'd', 'event'), rec(3, 'e', 'f', 'lease')])?.seq).toBe(1);
    expect(lastHop([])).toBeUndefined();
  });
});
