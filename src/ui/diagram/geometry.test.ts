import { describe, expect, it } from 'vitest';
import { flightFor, labelSize, newHops, tokenDuration, tokenLabel } from './geometry';
import { routeBetween, toFlowGraph } from './model';
import type { Rect } from './route';
import { leaderIds } from './leaders';
import { realRun } from './run.testing';
import { BASIC, HA, rec } from './testkit';

const overlaps = (p: Rect, q: Rect) => p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h;

describe('tokenDuration', () => {
  it('is 700 ms at real speed, shorter when playing fast, clamped to stay watchable', () => {
    expect(tokenDuration(1)).toBe(700);
    expect(tokenDuration(2)).toBe(350);
    expect(tokenDuration(20)).toBe(120);
    expect(tokenDuration(0.1)).toBe(2000);
    expect(tokenDuration(Number.NaN)).toBe(700);
  });
});

describe('newHops', () => {
  const trace = [rec(1, 'kubectl', 'kube-apiserver'), rec(2, 'kube-apiserver', 'kube-apiserver', 'authn'), rec(3, 'kube-scheduler', 'kube-apiserver', 'lease'), rec(4, 'kube-apiserver', 'etcd', 'etcd-write')];

  it('returns the records that became current, oldest first, skipping chatter', () => {
    expect(newHops(1, trace).map((r) => r.seq)).toEqual([2, 4]);
    expect(newHops(4, trace)).toEqual([]);
  });

  it('keeps only the latest few when many arrive at once', () => {
    const many = Array.from({ length: 20 }, (_, i) => rec(i + 1, 'kubectl', 'kube-apiserver'));
    expect(newHops(0, many, 6).map((r) => r.seq)).toEqual([15, 16, 17, 18, 19, 20]);
  });

  it('still animates a lone Lease renewal the learner stepped onto, and the current record after moving back in time', () => {
    expect(newHops(2, trace.slice(0, 3)).map((r) => r.seq)).toEqual([3]);
    expect(newHops(9, trace).map((r) => r.seq)).toEqual([4]);
    expect(newHops(0, [])).toEqual([]);
  });
});

describe('flightFor', () => {
  const g = toFlowGraph(BASIC, new Map(), []);

  it('travels along the routed edge between the two boxes, its label beside the path and off every box’s text', () => {
    const f = flightFor(rec(7, 'kubelet/node-1', 'kube-apiserver', 'request', { type: 'resource', method: 'PATCH', verb: 'patch', path: '/api/v1/nodes/node-1/status', group: '', version: 'v1', resource: 'nodes', subresource: 'status', name: 'node-1', user: 'system:node:node-1' }), g, BASIC, new Set());
    expect(f).toMatchObject({ seq: 7, label: 'PATCH', kind: 'travel', points: routeBetween(g, 'kubelet/node-1', 'kube-apiserver') });
    if (f?.kind !== 'travel') throw new Error('expected a travel');
    expect(f.labelAt).toMatchObject(labelSize('PATCH'));
    for (const t of g.texts) expect(overlaps(f.labelAt, t)).toBe(false);
    // The way back runs the same route the other way.
    const back = flightFor(rec(8, 'kube-apiserver', 'kubelet/node-1', 'response'), g, BASIC, new Set());
    expect(back?.kind === 'travel' && back.points).toEqual([...f.points].reverse());
  });

  it('rings a box for a self-hop and names the apiserver stage beside it', () => {
    const f = flightFor(rec(8, 'kube-apiserver', 'kube-apiserver', 'authz', { allowed: true, verb: 'create', resource: 'pods' }), g, BASIC, new Set());
    expect(f).toMatchObject({ kind: 'pulse', label: 'authz', box: g.boxes.get('kube-apiserver') });
    for (const t of g.texts) expect(overlaps(f!.labelAt, t)).toBe(false);
  });

  it('draws controllers from kube-controller-manager and faults from the user', () => {
    const f = flightFor(rec(9, 'replicaset-controller', 'kube-apiserver'), g, BASIC, new Set());
    expect(f).toMatchObject({ kind: 'travel', points: routeBetween(g, 'kube-controller-manager', 'kube-apiserver') });
    const fault = flightFor(rec(10, 'instructor', 'node/node-2', 'fault', { target: 'node/node-2', active: true, action: 'power-off' }), g, BASIC, new Set());
    expect(fault).toMatchObject({ kind: 'travel', points: routeBetween(g, 'user', 'node:node-2') });
  });

  it('follows a route around the boxes for a pair the picture does not join (a kubelet and the second kube-apiserver)', () => {
    const ha = toFlowGraph(HA, new Map(), []);
    const f = flightFor(rec(11, 'kubelet/node-1', 'kube-apiserver-2'), ha, HA, new Set());
    expect(f?.kind).toBe('travel');
  });

  it.each([
    ['basic', 800, 360],
    ['basic', 340, 640],
    ['ha', 920, 480],
  ] as const)('never puts a label over a box’s words, for any message of a real rollout (%s, %i×%i)', (topology, width, height) => {
    const run = realRun(['kubectl apply -f go-api.yaml', 'sim advance 20s'], topology);
    const leaders = leaderIds(run.objects, run.components);
    const graph = toFlowGraph(run.components, run.objects, run.trace, leaders, { frame: { width, height } });
    const seen = new Set<string>();
    const covering: string[] = [];
    for (const r of run.trace) {
      const f = flightFor(r, graph, run.components, leaders);
      if (!f) continue;
      const key = `${f.kind} ${f.label} ${JSON.stringify(f.kind === 'travel' ? [f.points[0], f.points[f.points.length - 1]] : f.box)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (graph.texts.some((t) => overlaps(f.labelAt, t))) covering.push(`${r.kind} ${r.from} → ${r.to}: ${f.label}`);
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(covering).toEqual([]);
  });

  it('has nowhere to go for an actor the diagram does not draw', () => {
    expect(flightFor(rec(11, 'somebody', 'kube-apiserver'), g, BASIC, new Set())).toBeUndefined();
  });
});

describe('tokenLabel', () => {
  it('names the verb and the object kind briefly', () => {
    expect(tokenLabel({ ...rec(1, 'a', 'b'), object: { kind: 'Pod', name: 'x' } })).toBe('POST Pod');
    expect(tokenLabel(rec(1, 'a', 'b', 'cri'))).toBe('CreateContainer');
    expect(tokenLabel(rec(1, 'a', 'b', 'request', { type: 'non-resource', method: 'GET', path: `/readyz/${'x'.repeat(40)}`, user: 'kubernetes-admin' }))).toHaveLength(24);
    expect(tokenLabel({ ...rec(1, 'a', 'b', 'response', { type: 'status', code: 201, reason: 'Created' }), object: { kind: 'Deployment', name: 'x' } })).toBe('201 Deployment');
    expect(tokenLabel(rec(1, 'a', 'b', 'schedule'))).toBe('→ node-1');
    const traffic = { type: 'traffic' as const, url: 'http://10.96.0.10:80/', fromNode: 'node-1', endpoint: '10.244.1.2:80' };
    expect(tokenLabel(rec(1, 'a', 'b', 'proxy', traffic))).toBe('GET');
    expect(tokenLabel(rec(1, 'a', 'b', 'proxy', { ...traffic, method: 'DELETE' }))).toBe('DELETE');
    expect(tokenLabel(rec(1, 'a', 'b', 'proxy', { ...traffic, url: 'tcp://10.96.0.10:80', protocol: 'tcp' }))).toBe('connect');
  });
});
