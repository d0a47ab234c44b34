import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import type { TraceRecord } from '../../engine/core/trace';
import { PROTOCOL_VERSION, type ComponentSummary, type FromWorker } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';
import { hopEndpoints, lastHop } from './actors';
import { toFlowGraph } from './model';
import { rec } from './testkit';

/** A real run through the worker host: what the page receives, folded into plain maps. */
function realRun(lines: string[]) {
  const components = new Map<string, ComponentSummary>();
  const objects = new Map<string, KObject>();
  const trace: TraceRecord[] = [];
  const take = (m: FromWorker): void => {
    if (m.type === 'snapshot') {
      for (const c of m.components) components.set(c.id, c);
      for (const o of m.objects) objects.set(o.key, o.object);
    }
    if (m.type === 'diff') {
      for (const c of m.components) components.set(c.id, c);
      for (const ch of m.changes) {
        if (ch.object) objects.set(ch.key, ch.object);
        else objects.delete(ch.key);
      }
      trace.push(...m.trace);
    }
  };
  const host = createSimHost((m) => take(structuredClone(m)));
  const goApi = readFileSync(new URL('../../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');
  host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic', files: { 'go-api.yaml': goApi } });
  lines.forEach((line, i) => host.handle({ type: 'command', id: i + 1, line }));
  return { components, objects, trace };
}

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
